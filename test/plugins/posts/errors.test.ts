import t from 'tap'
import { errorDef } from '../../../plugins/core/errors.js'
import '../../../plugins/posts/errors.js'

t.test('the posts domain adds POST_NOT_FOUND to the catalog', async (t) => {
  t.same(errorDef('POST_NOT_FOUND'), { error: 'POST.NOT_FOUND', status: 404, keys: ['POST[not_found]'] })
})
