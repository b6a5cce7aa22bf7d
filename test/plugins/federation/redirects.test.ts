import t from 'tap'
import { allowedRedirect, withParam } from '../../../plugins/federation/redirects.js'

const PREFIXES = ['https://app.example.com', 'https://example.org/auth/', 'com.example.app:/oauth']

t.test('a redirect must start with a prefix at a boundary of the URL', async (t) => {
  for (const url of ['https://app.example.com', 'https://app.example.com/', 'https://app.example.com/done?x=1', 'https://app.example.com?x',
    'https://app.example.com#top', 'https://example.org/auth/cb', 'com.example.app:/oauth', 'com.example.app:/oauth/done']) {
    t.ok(allowedRedirect(url, PREFIXES), `${url} is allowed`)
  }
  for (const url of ['https://app.example.com.evil.net', 'https://app.example.company/x', 'https://app.example.com@evil.net/',
    'https://example.org/authx', 'https://example.org/', 'com.example.app:/oauthx', 'http://app.example.com/', 'javascript:alert(1)',
    'not a url', '/relative', 'https://app.example.com/\\evil', `https://app.example.com/${'x'.repeat(2100)}`]) {
    t.notOk(allowedRedirect(url, PREFIXES), `${url.slice(0, 60)} is refused`)
  }
})

t.test('the code or error is added to the app\'s own query, before its fragment', async (t) => {
  t.equal(withParam('https://app.example.com/done?from=x#top', 'code', 'abc'), 'https://app.example.com/done?from=x&code=abc#top')
  t.equal(withParam('com.example.app:/oauth', 'error', 'access_denied'), 'com.example.app:/oauth?error=access_denied')
})
