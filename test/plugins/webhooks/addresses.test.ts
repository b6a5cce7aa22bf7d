import t from 'tap'
import { allowedNetworks, embeddedIPv4, ipv6Words, isForbiddenAddress } from '../../../plugins/webhooks/addresses.js'
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

t.test('an IPv6 address that carries an IPv4 address is checked as that IPv4 address, in every spelling', async (t) => {
  const refused = {
    'IPv4-compatible (::/96)': ['::7f00:1', '::127.0.0.1', '::a00:1', '::169.254.169.254'],
    'IPv4-mapped (::ffff:0:0/96)': ['::ffff:7f00:1', '::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '::FFFF:7F00:1',
      '0000:0000:0000:0000:0000:ffff:7f00:0001', '::ffff:c0a8:101'],
    'IPv4-translated, SIIT (::ffff:0:0:0/96)': ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '0:0:0:0:ffff:0:a00:1'],
    'NAT64 (64:ff9b::/96)': ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1'],
    'NAT64, local use (64:ff9b:1::/48)': ['64:ff9b:1::7f00:1', '64:ff9b:1::127.0.0.1', '64:ff9b:1:ffff::c0a8:1'],
    '6to4 (2002::/16)': ['2002:7f00:1::1', '2002:7f00:1::', '2002:a00:1:1::5', '2002:a9fe:a9fe::1', '2002:c0a8:101:0:0:0:0:1'],
    'Teredo (2001::/32), refused whole': ['2001::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:808:808::1'],
    'site-local (fec0::/10), refused whole': ['fec0::1', 'feff::1', 'fec0:0:0:ffff::1']
  }
  for (const [kind, addresses] of Object.entries(refused)) {
    for (const address of addresses) t.ok(isForbiddenAddress(address), `${kind}: ${address} is refused`)
  }
  const allowed = ['2606:4700::1111', '2001:4860:4860::8888', '2a00:1450:4007:80e::200e', '::ffff:8.8.8.8', '::ffff:808:808',
    '0:0:0:0:0:ffff:808:808', '::ffff:0:808:808', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '64:ff9b:1::808:808', '2002:808:808::1',
    '2001:200::1', '2001:4860::1']
  for (const address of allowed) t.notOk(isForbiddenAddress(address), `${address} is allowed (a public IPv4 address, or none)`)

  const exceptions = allowedNetworks(['10.1.0.0/16', '2002:a02::/32'])
  for (const address of ['::ffff:10.1.0.9', '::a01:9', '64:ff9b::10.1.2.3', '2002:a01:9::1', '2002:a02:1::1']) {
    t.notOk(isForbiddenAddress(address, exceptions), `${address}: inside WEBHOOK_ALLOWED_NETWORKS, allowed`)
  }
  for (const address of ['::ffff:10.2.0.9', '64:ff9b::10.3.2.3', '2002:a03:9::1']) t.ok(isForbiddenAddress(address, exceptions), `${address}: still refused`)
})

t.test('ipv6Words expands every spelling of an IPv6 address; embeddedIPv4 reads the IPv4 address it carries', async (t) => {
  t.same(ipv6Words('::ffff:127.0.0.1'), ipv6Words('0:0:0:0:0:ffff:7f00:1'), 'a dotted tail is the last two words')
  t.same(ipv6Words('::'), [0, 0, 0, 0, 0, 0, 0, 0])
  t.same(ipv6Words('::1'), [0, 0, 0, 0, 0, 0, 0, 1])
  t.same(ipv6Words('1:2:3:4:5:6:7::'), [1, 2, 3, 4, 5, 6, 7, 0])
  t.same(ipv6Words('::2:3:4:5:6:7:8'), [0, 2, 3, 4, 5, 6, 7, 8])
  t.same(ipv6Words('2001:DB8:0:0:1::1'), [0x2001, 0xdb8, 0, 0, 1, 0, 0, 1])
  t.same(ipv6Words('fe80::1%eth0'), [0xfe80, 0, 0, 0, 0, 0, 0, 1], 'a zone is dropped')
  t.throws(() => ipv6Words('1.2.3.4'), /not an IPv6 address/)
  t.throws(() => ipv6Words('1::2::3'), /not an IPv6 address/)
  t.equal(embeddedIPv4('::ffff:7f00:1'), '127.0.0.1')
  t.equal(embeddedIPv4('2002:c0a8:101::1'), '192.168.1.1', '6to4: bits 16 to 47')
  t.equal(embeddedIPv4('64:ff9b::203.0.113.7'), '203.0.113.7')
  t.equal(embeddedIPv4('2606:4700::1111'), null)
  t.equal(embeddedIPv4('2001:0:4136:e378:8000:63bf:80ff:fffe'), null, 'Teredo is refused whole, not read')
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
