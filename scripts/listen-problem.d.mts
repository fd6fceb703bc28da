/** What is wrong with hostname:port and what to do, in one line (see listen-problem.mjs). */
export function listenProblem(hostname: string | undefined, port: string | number, code: string, command?: string): string;
