// Typing a password on the command line without showing it (create-admin): the terminal's echo is off while it
// is typed, so it is neither on screen nor in the terminal's scroll-back.
import { AdminError } from '../donation-api/people-places/user-admin';

/** Asks on stderr and reads one line from the terminal without echo; undefined when stdin is not a terminal. */
export function hiddenPrompt(): ((prompt: string) => Promise<string>) | undefined {
  const stdin = process.stdin;
  if (!stdin.isTTY) return undefined;
  return (prompt) =>
    new Promise((resolve, reject) => {
      let value = '';
      const finish = () => {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        process.stderr.write('\n');
      };
      const onData = (chunk: string) => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n') {
            finish();
            resolve(value);
            return;
          }
          if (ch === '\u0003' || ch === '\u0004') {
            finish();
            reject(new AdminError('Cancelled; nothing was created.'));
            return;
          }
          value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
        }
      };
      // Echo off before the prompt shows: anything typed from then on stays hidden.
      stdin.setEncoding('utf8');
      stdin.setRawMode(true);
      process.stderr.write(prompt);
      stdin.resume();
      stdin.on('data', onData);
    });
}
