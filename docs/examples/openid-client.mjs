// openid-client v6 against a local Latchkey (npm start): a machine, then a device.
// CLIENT_ID=lkc_... CLIENT_SECRET=lks_... DEVICE_CLIENT_ID=lkc_... node openid-client.mjs
import * as client from 'openid-client'

// The issuer is PUBLIC_URL/oidc, and PUBLIC_URL is http://localhost:<PORT> when unset: ask for
// that very URL (not 127.0.0.1), since discovery refuses a document naming another issuer.
const issuer = new URL(`http://localhost:${process.env.PORT ?? 8000}/oidc`)
// openid-client refuses plain http unless allowed: for a local issuer only (in production it is https).
const local = { execute: [client.allowInsecureRequests] }

// A machine: a confidential client with client_credentials, registered for an organization.
const machine = await client.discovery(issuer, process.env.CLIENT_ID, process.env.CLIENT_SECRET, undefined, local)
const tokens = await client.clientCredentialsGrant(machine, { scope: 'members:read' })
const info = await client.tokenIntrospection(machine, tokens.access_token)
console.log(`machine: scope ${info.scope}, organization ${info.org.id}, permissions ${info.org.permissions.join(' ')}`)

// A device (a TV, a command line): a public client with the device grant.
const device = await client.discovery(issuer, process.env.DEVICE_CLIENT_ID, undefined, client.None(), local)
const started = await client.initiateDeviceAuthorization(device, { scope: 'openid email' })
console.log(`device: open ${started.verification_uri} and enter ${started.user_code}`)
// Polls the token endpoint every `interval` seconds (slower on slow_down) until the user
// approves; throws if they refuse (access_denied) or the code expires first (expired_token).
const signedIn = await client.pollDeviceAuthorizationGrant(device, started)
console.log(`device: signed in as ${signedIn.claims().email}`)
