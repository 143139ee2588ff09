import { createServer, type Server } from 'node:net';

/**
 * A minimal SMTP server for tests: accepts every message and keeps its raw DATA, so a test can
 * see what nodemailer really sent over the wire (no TLS, no auth).
 */
export interface FakeSmtp {
  port: number;
  messages: string[];
  close(): Promise<void>;
}

export function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake.smtp ESMTP pronto\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let eol = buffer.indexOf('\r\n'); eol !== -1; eol = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 2.0.0 accettato\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 invia il messaggio\r\n');
        } else if (verb === 'QUIT') {
          socket.write('221 ciao\r\n');
          socket.end();
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A local port nobody listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const probe = await startFakeSmtp();
  await probe.close();
  return probe.port;
}
