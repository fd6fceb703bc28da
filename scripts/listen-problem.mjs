// The one line npm start (scripts/start.mjs, before building) and its server (scripts/serve.mjs) print when the
// port cannot be listened on, instead of a stack trace, or a server that logs EADDRINUSE and stays alive.

/** What is wrong with hostname:port and what to do, in one line; `command` is how the server was started. */
export function listenProblem(hostname, port, code, command = 'npm start') {
  const where = hostname ? `${hostname}:${port}` : `port ${port}`;
  if (code === 'EADDRINUSE') {
    return `Cannot listen on ${where}: it is already in use (another ${command}?); stop that server or choose another port, e.g. PORT=${Number(port) + 1} ${command}.`;
  }
  if (code === 'EACCES') return `Cannot listen on ${where}: ports below 1024 need privileges; choose another port with PORT.`;
  return `Cannot listen on ${where} (${code}): check PORT and HOSTNAME.`;
}
