// Next calls register() once per server process at start. The checks use Node APIs (process.exit, the
// database), so they live in instrumentation-node.ts, loaded only in the Node.js runtime.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./instrumentation-node')).registerNode();
}
