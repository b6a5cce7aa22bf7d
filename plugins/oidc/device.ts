import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'

type DeviceFlow = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** No script at all; the pages' stylesheet; forms posting to the provider only. */
const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/** A Latchkey page of the device flow: the interaction pages' stylesheet and favicon, one card. */
function page (ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.set('content-security-policy', CSP)
  ctx.set('cache-control', 'no-store')
  ctx.type = 'html'
  ctx.body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escape(title)}</title>
  <link rel="icon" href="/oidc/pages/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/oidc/pages/style.css">
</head>
<body><main><section>
${body}
</section></main></body>
</html>`
}

const clientName = (ctx: KoaContextWithOIDC) => escape(ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId ?? '')

/**
 * Device authorization (RFC 8628): the user opens `verification_uri` (`/oidc/device`), types the
 * code the device shows (or follows `verification_uri_complete`), confirms it is the one on
 * their device, then signs in and approves on Latchkey's interaction page (the consent step).
 * These are its pages: plain forms of oidc-provider's (their xsrf field included), no script.
 */
export const deviceFlow: DeviceFlow = {
  enabled: true,
  charset: 'base-20',
  mask: '****-****',
  userCodeInputSource: async (ctx, form, _out, err) => {
    // A form posted without the provider's cookie (blocked, expired, forged): oidc-provider's error
    // handler gives the page a fresh xsrf on a session it never saved, then fails to persist it (a
    // 500). Left unsaved, the answer is this page with its 400; the device's code is still good.
    const session = ctx.oidc.session as (NonNullable<typeof ctx.oidc.session> & { touched?: boolean }) | undefined
    if (err && session && typeof session.exp !== 'number') session.touched = false
    const e = err as { userCode?: unknown, name?: string } | undefined
    const message = !e
      ? '<p>Enter the code your device shows.</p>'
      : e.userCode || e.name === 'NoCodeError'
        ? '<p class="error" role="alert">That code is not right, or has expired. Try again.</p>'
        : '<p class="error" role="alert">The sign-in could not go on. Start again on your device.</p>'
    page(ctx, 'Connect a device', `<h1>Connect a device</h1>
${message}
<label for="user_code">Code</label>
${form.replace('name="user_code"', 'id="user_code" name="user_code"').replace(/ onfocus="[^"]*"/, '')}
<button type="submit" form="op.deviceInputForm">Continue</button>`)
  },
  userCodeConfirmSource: async (ctx, form, _client, _info, userCode) => {
    page(ctx, 'Confirm the device', `<h1>Connect ${clientName(ctx)}?</h1>
<p>Check that your device shows this code:</p>
<p><strong id="user-code">${escape(userCode)}</strong></p>
<p class="muted">If it does not, or you did not start this, abort.</p>
${form}
<div class="row">
  <button type="submit" form="op.deviceConfirmForm">Continue</button>
  <button type="submit" class="secondary" form="op.deviceConfirmForm" value="yes" name="abort">Abort</button>
</div>`)
  },
  successSource: async (ctx) => {
    page(ctx, 'Device connected', `<h1>Device connected</h1>
<p>${clientName(ctx)} is signed in. You can close this page and go back to your device.</p>`)
  }
}
