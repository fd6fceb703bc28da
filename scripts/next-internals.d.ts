// Types for the parts of Next's dist that scripts/direct-api.mts uses and Next ships without types.

/** Next's compiled copy of the `compression` middleware (router-server.js runs it on every answer). */
declare module 'next/dist/compiled/compression/index.js' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default function compression(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
