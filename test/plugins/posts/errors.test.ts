import t from 'tap'
import { AppError } from '../../../plugins/core/errors.js'
import { POST_ERRORS } from '../../../plugins/posts/errors.js'

t.test('the posts domain adds POST_NOT_FOUND to the catalog', async (t) => {
  t.same(POST_ERRORS.POST_NOT_FOUND.def, { error: 'POST.NOT_FOUND', status: 404, keys: ['POST[not_found]'] })
  t.match(new AppError(POST_ERRORS.POST_NOT_FOUND), { code: 'POST_NOT_FOUND', statusCode: 404 })
})
