// Browser tests' stand-ins for the outside world, in one process that lives for the whole Playwright run
// (started as a webServer entry before the app that uses them): the two identity providers (real oidc-provider
// issuers with the demo SSO accounts) and an SMTP peer, on fixed ports the app's environment already names.
// GET /mail on the control port lists the messages received, for the tests to read the e-mail code.
//   node --import tsx scripts/e2e-issuers.ts   (ports and secrets from e2eSsoSetup() in e2e/support/sso-env.ts)
import http from 'node:http';
import { e2eSsoSetup } from '../e2e/support/sso-env';
import { DEMO_SSO_ACCOUNTS, startOidcIssuer } from '../tests/support/oidc';
import { startSmtpPeer } from '../tests/support/smtp';

async function main() {
  const setup = e2eSsoSetup();
  const aad = await startOidcIssuer({
    name: 'Work account (test)',
    port: setup.ports.aad,
    clients: [
      {
        ...setup.clients.aad,
        redirectUris: [`${setup.appOrigin}/api/auth/callback/azure-ad`],
        postLogoutRedirectUris: [`${setup.appOrigin}/login`],
      },
    ],
    accounts: [DEMO_SSO_ACCOUNTS.employee],
  });
  const b2c = await startOidcIssuer({
    name: 'Customer identity (test)',
    port: setup.ports.aadb2c,
    clients: [
      {
        ...setup.clients.aadb2c,
        redirectUris: [`${setup.appOrigin}/api/auth/callback/azure-ad-b2c`, `${setup.appOrigin}/api/auth/callback/azure-ad-b2c-reset`],
        postLogoutRedirectUris: [`${setup.appOrigin}/login`],
      },
    ],
    // An unknown account too, to see the refusal of a user the donation API does not know.
    accounts: [
      DEMO_SSO_ACCOUNTS.external,
      DEMO_SSO_ACCOUNTS.retail,
      { sub: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', email: 'stranger@example.org', name: 'Stranger' },
    ],
  });
  const smtp = await startSmtpPeer({ port: setup.ports.smtp });

  const control = http.createServer((req, res) => {
    if (req.url === '/mail') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(smtp.messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text }))));
    } else {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/plain' });
      res.end(`issuers ${aad.issuer} ${b2c.issuer}, smtp ${smtp.url}`);
    }
  });
  await new Promise<void>((resolve) => control.listen(setup.ports.control, '127.0.0.1', resolve));
  console.log(`e2e issuers: ${aad.issuer} (work account), ${b2c.issuer} (customer identity), ${smtp.url}, control :${setup.ports.control}`);

  const stop = async () => {
    control.close();
    await Promise.allSettled([aad.close(), b2c.close(), smtp.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
