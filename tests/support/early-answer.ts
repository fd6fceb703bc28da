// A client that sends its headers, waits for the server's answer, and only then sends the body it declared: what a
// browser or fetch does when a server refuses an upload before reading it, with the timing made certain instead of
// left to chance. Raw TCP, so that what the server's kernel does with the connection (FIN or reset) is what is seen.
import net from 'node:net';

export type EarlyAnswerExchange = {
  /** The server's whole answer, as text. */
  answer: string;
  /** How sending the body after the answer ended: 'sent', the socket error's code (EPIPE, ECONNRESET), or 'cut short'. */
  sending: string;
  /** Whether the connection then closed with an error (a reset) instead of the server's FIN. */
  closedWithError: boolean;
};

export function uploadAfterAnswer(port: number, path: string, bodyBytes: number): Promise<EarlyAnswerExchange> {
  return new Promise((resolve) => {
    // Half-open allowed: an answer without a length ends at the server's FIN, and the body is sent after it.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let sending = '';
    let error = '';
    let bodyStarted = false;
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
    });
    const sendBody = () => {
      if (bodyStarted) return;
      bodyStarted = true;
      void sendInSteps(socket, bodyBytes).then((whole) => (sending ||= whole ? 'sent' : 'cut short'));
    };
    socket.on('data', (text: string) => {
      answer += text;
      const headEnd = answer.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(answer);
      if (headEnd >= 0 && length && answer.length >= headEnd + 4 + Number(length[1])) sendBody();
    });
    socket.on('end', sendBody);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? 'error';
      if (bodyStarted) sending ||= error;
    });
    socket.on('close', (hadError) => resolve({ answer, sending: sending || error || 'never', closedWithError: hadError }));
  });
}

/**
 * The body in 16 writes a millisecond apart, as a network delivers it: a reset from the server then reaches the
 * client while it is still sending, instead of after one write that the client's kernel might buffer whole.
 */
async function sendInSteps(socket: net.Socket, bodyBytes: number): Promise<boolean> {
  const step = Math.ceil(bodyBytes / 16);
  for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += step) {
    const chunk = Buffer.alloc(Math.min(step, bodyBytes - sent), 'x');
    await new Promise<void>((resolve) => socket.write(chunk, () => setTimeout(resolve, 1)));
  }
  if (socket.destroyed) return false;
  await new Promise<void>((resolve) => socket.end(resolve));
  return true;
}
