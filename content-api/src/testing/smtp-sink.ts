// A local SMTP server for tests (docs/decisions/144): on 127.0.0.1, a free port, it speaks the
// plain path of the protocol a client such as nodemailer takes (EHLO, AUTH PLAIN or LOGIN, MAIL,
// RCPT, DATA, RSET, NOOP, QUIT; no TLS offered) and keeps every message it is given, with its
// envelope and the credentials it was sent with. Enough to prove an e-mail leaves as it should.
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body (dot-stuffing undone). */
  data: string;
  /** `user:password` of AUTH, or null when the client did not authenticate. */
  auth: string | null;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Every command's verb, in order, on every connection (STARTTLS and AUTH attempts too). */
  commands: string[];
  /** Resolves with the first message `count` messages in, waiting up to `timeoutMs`. */
  waitFor(count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decode = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let mode: 'command' | 'data' | 'login-user' | 'login-password' = 'command';
    let mail: ReceivedMail = { from: '', to: [], data: '', auth: null };
    let auth: string | null = null;
    let loginUser = '';
    const say = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      const verb = line.split(' ')[0]?.toUpperCase() ?? '';
      commands.push(verb);
      if (verb === 'EHLO' || verb === 'HELO') {
        say('250-localhost');
        say('250-AUTH PLAIN LOGIN');
        say('250 8BITMIME');
      } else if (verb === 'AUTH') {
        const [, method, initial] = line.split(' ');
        if (method?.toUpperCase() === 'PLAIN' && initial) {
          const [, user, password] = decode(initial).split('\u0000');
          auth = `${user}:${password}`;
          say('235 2.7.0 Authentication successful');
        } else if (method?.toUpperCase() === 'LOGIN') {
          mode = 'login-user';
          say('334 VXNlcm5hbWU6');
        } else say('504 5.5.4 Unrecognized authentication type');
      } else if (verb === 'MAIL') {
        mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], data: '', auth };
        say('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        say('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        mode = 'data';
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET' || verb === 'NOOP') {
        say('250 2.0.0 OK');
      } else if (verb === 'QUIT') {
        say('221 2.0.0 Bye');
        socket.end();
      } else say('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (mode === 'data') {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          received.push(mail);
          mode = 'command';
          say('250 2.0.0 Queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (mode === 'login-user') {
          loginUser = decode(line);
          mode = 'login-password';
          say('334 UGFzc3dvcmQ6');
        } else if (mode === 'login-password') {
          auth = `${loginUser}:${decode(line)}`;
          mode = 'command';
          say('235 2.7.0 Authentication successful');
        } else command(line);
      }
    });
    say('220 localhost ESMTP test sink');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    received,
    commands,
    async waitFor(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`No e-mail ${count} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received[count - 1] as ReceivedMail;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
