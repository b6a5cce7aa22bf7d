import t from 'tap'
import { ACCOUNT_PAGES, appUrl, mailedLink } from '../../../plugins/core/links.js'
import { testConfig } from '../../helpers/app.js'

const TOKEN = 'ab'.repeat(32)

t.test('without PUBLIC_APP_URL every mailed link opens the service\'s account page, PUBLIC_URL/account/<page>', async (t) => {
  const config = testConfig({ PUBLIC_URL: 'https://auth.example.com/id/' })
  for (const page of ACCOUNT_PAGES) {
    t.equal(mailedLink(config, page, TOKEN), `https://auth.example.com/id/account/${page}?token=${TOKEN}`, page)
  }
  t.equal(mailedLink(testConfig(), 'sign-in', TOKEN), `http://localhost:8000/account/sign-in?token=${TOKEN}`, 'PUBLIC_URL by default: PORT on localhost')
  t.equal(appUrl(config), 'https://auth.example.com/id', 'a provider sign-in may come back to the service\'s own pages')
})

t.test('with PUBLIC_APP_URL the links open the application\'s pages, as the application names them', async (t) => {
  const config = testConfig({ PUBLIC_URL: 'https://auth.example.com', PUBLIC_APP_URL: 'https://app.example.com/portal/' })
  t.equal(mailedLink(config, 'reset-password', TOKEN), `https://app.example.com/portal/reset-password?token=${TOKEN}`)
  t.equal(mailedLink(config, 'accept-invite', TOKEN), `https://app.example.com/portal/accept-invite?token=${TOKEN}`)
  t.equal(appUrl(config), 'https://app.example.com/portal')
})
