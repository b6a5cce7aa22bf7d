import t from 'tap'
import { allowedNetworks, isForbiddenAddress } from '../../../plugins/webhooks/addresses.js'
import { sendAttempt } from '../../../plugins/webhooks/send.js'
import { webhookReceiver } from '../../helpers/webhooks.js'

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

t.test('the address check refuses loopback, private, shared, link-local, unspecified and multicast addresses, nothing is connected to', async (t) => {
  const refused = ['127.0.0.1', '127.255.0.9', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1', '100.64.0.1',
    '100.127.255.255', '169.254.169.254', '169.254.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1',
    'fe80::1', 'febf::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', 'not an address']
  for (const address of refused) t.ok(isForbiddenAddress(address), `${address} is refused`)
  const allowed = ['93.184.216.34', '8.8.8.8', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1',
    '2606:4700::1111', '2001:4860:4860::8888', '::ffff:93.184.216.34']
  for (const address of allowed) t.notOk(isForbiddenAddress(address), `${address} is allowed`)
})

t.test('in production a host resolving to loopback is refused before any connection; outside production it is reached', async (t) => {
  const receiver = await webhookReceiver(t)
  receiver.secret = SECRET
  for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
    const url = `http://${host}:${receiver.port}/hooks`
    const attempt = await sendAttempt({ url, secret: SECRET, id: 'msg_1', body: '{}', timeoutMs: 2000, checkAddresses: true })
    t.match(attempt, { ok: false, status: null, error: /a loopback, private or link-local address/ }, `${host}: refused`)
  }
  t.equal(receiver.connections(), 0, 'the receiver saw no connection')
  const attempt = await sendAttempt({ url: receiver.url, secret: SECRET, id: 'msg_2', body: '{"a":1}', timeoutMs: 2000, checkAddresses: false })
  t.match(attempt, { ok: true, status: 200, error: null }, 'outside production, loopback is allowed')
  t.equal(receiver.accepted().size, 1, 'and the receiver verified it')
})

t.test('WEBHOOK_ALLOWED_NETWORKS: an operator\'s private network is reached in production, its neighbours are not', async (t) => {
  const allowed = allowedNetworks(['127.0.0.0/24', 'fd00:1::/32', '10.1.0.0/16'])
  for (const address of ['127.0.0.1', '10.1.200.3', '::ffff:10.1.0.9', 'fd00:1::5']) t.notOk(isForbiddenAddress(address, allowed), `${address} is allowed`)
  for (const address of ['127.0.1.1', '10.2.0.1', '192.168.1.1', 'fd00:2::5', '::1']) t.ok(isForbiddenAddress(address, allowed), `${address} is still refused`)
  t.throws(() => allowedNetworks(['10.0.0.0/33']), /not a network/)
  t.throws(() => allowedNetworks(['example.com/8']), /not a network/)

  const receiver = await webhookReceiver(t)
  receiver.secret = SECRET
  const refused = await sendAttempt({ url: `http://[::1]:${receiver.port}/hooks`, secret: SECRET, id: 'msg_3', body: '{}', timeoutMs: 2000, checkAddresses: true, allowed })
  t.match(refused, { ok: false, status: null, error: /a loopback, private or link-local address/ }, '::1 is outside the allowed networks')
  const reached = await sendAttempt({ url: receiver.url, secret: SECRET, id: 'msg_4', body: '{"a":1}', timeoutMs: 2000, checkAddresses: true, allowed })
  t.match(reached, { ok: true, status: 200, error: null }, '127.0.0.1, inside them, is reached with the check on')
  t.equal(receiver.accepted().size, 1)
})
