import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { SmtpSink } from './smtp-sink.js';

/** A bare SMTP client: each call sends one command and answers the server's complete reply. */
async function dialogue(port: number): Promise<{ say: (line: string) => Promise<string>; close: () => void }> {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffered = '';
  let waiting: ((reply: string) => void) | null = null;
  const complete = () => /(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffered);
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    if (waiting !== null && complete()) {
      const reply = buffered;
      buffered = '';
      const done = waiting;
      waiting = null;
      done(reply);
    }
  });
  const next = () =>
    new Promise<string>((resolve) => {
      if (complete()) {
        const reply = buffered;
        buffered = '';
        resolve(reply);
      } else waiting = resolve;
    });
  await next();
  return {
    say: (line) => {
      socket.write(`${line}\r\n`);
      return next();
    },
    close: () => socket.destroy(),
  };
}

const plain = (user: string, pass: string) => Buffer.from(`\0${user}\0${pass}`).toString('base64');
let sink: SmtpSink | null = null;
afterEach(async () => {
  await sink?.stop();
  sink = null;
});

it('records a message sent after AUTH PLAIN: envelope, headers, text and the user', async () => {
  sink = new SmtpSink({ credentials: { user: 'condor', pass: 'pw' } });
  const client = await dialogue(await sink.start());
  expect(await client.say('EHLO test')).toMatch(/AUTH PLAIN LOGIN/);
  expect(await client.say('MAIL FROM:<a@condor.example>')).toMatch(/^530/);
  expect(await client.say(`AUTH PLAIN ${plain('condor', 'pw')}`)).toMatch(/^235/);
  expect(await client.say('MAIL FROM:<a@condor.example>')).toMatch(/^250/);
  expect(await client.say('RCPT TO:<p@person.example>')).toMatch(/^250/);
  expect(await client.say('DATA')).toMatch(/^354/);
  expect(await client.say('From: a@condor.example\r\nTo: p@person.example\r\nSubject: Hello\r\n\r\nA line.\r\n.')).toMatch(/^250/);
  client.close();
  expect(sink.messages).toEqual([
    expect.objectContaining({ envelope: { from: 'a@condor.example', to: ['p@person.example'] }, authenticatedUser: 'condor', subject: 'Hello', text: 'A line.\n', headers: expect.objectContaining({ to: 'p@person.example' }) }),
  ]);
});

it('refuses wrong credentials over AUTH LOGIN, keeping the user name and never the password', async () => {
  sink = new SmtpSink({ credentials: { user: 'condor', pass: 'pw' } });
  const client = await dialogue(await sink.start());
  await client.say('EHLO test');
  expect(await client.say('AUTH LOGIN')).toMatch(/^334/);
  expect(await client.say(Buffer.from('condor').toString('base64'))).toMatch(/^334/);
  expect(await client.say(Buffer.from('wrong').toString('base64'))).toMatch(/^535/);
  client.close();
  expect(sink.authFailures).toEqual([{ method: 'LOGIN', username: 'condor' }]);
});

it('refuses the next message at MAIL FROM when told, then accepts', async () => {
  sink = new SmtpSink();
  sink.refuseNext(1, { code: 550, message: 'Mailbox unavailable' });
  const client = await dialogue(await sink.start());
  expect(await client.say('EHLO test')).not.toMatch(/STARTTLS|AUTH/);
  expect(await client.say('MAIL FROM:<a@condor.example>')).toMatch(/^550 Mailbox unavailable/);
  expect(await client.say('MAIL FROM:<a@condor.example>')).toMatch(/^250/);
  client.close();
});
