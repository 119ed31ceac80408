// Starts, for the browser tests: a local SMTP server that keeps the mail it
// receives (readable over HTTP on E2E_PORT + 1), a local OpenID Connect
// provider standing in for Google, with E2E_S3=1 a local S3 stand-in (s3rver)
// holding the files, then the built TAICE server on a fresh data directory,
// sending its mail to that SMTP server and Google sign-in to the stand-in.
import { rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { startOidcProvider } from './oidc-stand-in.mjs';
import { startYoutubeStandIn } from './youtube-stand-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const mailbox = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        mailbox.push({ to: mail.to?.value?.map((a) => a.address) ?? [], subject: mail.subject, text: mail.text });
        callback();
      },
      (err) => callback(err),
    );
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));

http
  .createServer((req, res) => {
    const to = new URL(req.url, 'http://x').searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mailbox.filter((m) => !to || m.to.includes(to))));
  })
  .listen(port + 1, '127.0.0.1');

const site = `http://127.0.0.1:${port}`;
const google = await startOidcProvider({
  redirectUris: [`${site}/api/frontend/auth/google/callback`, `${site}/api/frontend/youtube/callback`],
});
// YouTube sync lists channels at a stand-in of the Data API that accepts the stand-in provider's tokens.
const youtube = await startYoutubeStandIn({ oidc: google });

// E2E_DATA_DIR lets two runs side by side keep their own database.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(here, '.data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
// Uploaded videos are transcoded with x264's fastest preset in the browser tests (decision 049).
process.env.VIDEO_PRESET ??= 'ultrafast';
// Tests that create accounts through the API present their own client IPs (X-Forwarded-For).
process.env.TRUST_PROXY = 'true';
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
process.env.PUBLIC_URL = site;
process.env.GOOGLE_ISSUER = google.issuer;
process.env.GOOGLE_CLIENT_ID = google.clientId;
process.env.GOOGLE_CLIENT_SECRET = google.clientSecret;
process.env.YOUTUBE_API_URL = youtube.apiUrl;
// Telegram sign-in: the tests sign Mini App and Login Widget data with this bot token.
process.env.TELEGRAM_BOT_TOKEN ??= '123456:TEST-e2e-bot-token-abcdefghijklmnop';
process.env.TELEGRAM_BOT_NAME ??= 'taice_e2e_bot';
// The short demo catalogue (decision 053): a few seconds a clip, all there when the server is ready.
process.env.DEMO_MEDIA ??= 'short';
if (process.env.E2E_S3 === '1') {
  // Files in a bucket, and videos sent straight to it from the browser (decision 055): the bucket's CORS rule
  // lets the site PUT parts and read their ETag.
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver');
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${site}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
    </CORSRule></CORSConfiguration>`;
  const bucket = 'taice-e2e';
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dataDir, 'bucket'),
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  const { port: s3Port } = await s3.run();
  Object.assign(process.env, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  // Parts of S3's smallest size, so that a test clip of a few MB has several.
  process.env.UPLOAD_CHUNK_BYTES ??= String(5 * 1024 * 1024);
}
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

await import(path.join(here, '../apps/server/dist/main.js'));
