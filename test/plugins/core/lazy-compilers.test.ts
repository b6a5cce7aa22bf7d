import t from 'tap'
import { lazyCompilers } from '../../../plugins/core/lazy-compilers.js'
import { build } from '../../helpers/app.js'
import { PASSWORD, uniqueEmail } from '../../helpers/accounts.js'

t.test('a route\'s validator compiles at its first call, once, and Fastify reads its errors from it', async (t) => {
  const factory = lazyCompilers() as unknown as { buildValidator: (s: unknown, o: unknown) => (r: unknown) => ((d: unknown) => boolean) & { errors?: Array<{ keyword: string }> } }
  const route = { schema: { type: 'object', required: ['a', 'b'], properties: { a: { type: 'integer' } } }, method: 'POST', url: '/x', httpPart: 'body' }
  const validate = factory.buildValidator({}, { customOptions: { allErrors: true } })(route)
  t.equal(validate.errors, undefined, 'nothing compiled, no errors, before the first call')
  t.equal(validate({ a: 'x' }), false, 'an invalid body fails')
  t.same(validate.errors?.map((e) => e.keyword).sort(), ['required', 'type'], 'with every error (allErrors)')
  t.equal(validate({ a: 1, b: 2 }), true, 'a valid one passes')
  t.equal(validate.errors, null, 'and the errors are cleared, as ajv does')
})

t.test('compiled at start (every schema of every route, both account types) or at first use, the answers are the same', async (t) => {
  const [eager, lazy] = [await build(t, { compileSchemasAtStart: true }), await build(t)]
  const ask = async (app: typeof eager, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/v1/users/register', payload })
    return { status: res.statusCode, body: res.json() }
  }
  const bad = { email: 'not an email', password: 'x', unknown: true }
  const [a, b] = [await ask(eager, bad), await ask(lazy, bad)]
  t.equal(b.status, 400, 'a bad body is refused at first use')
  t.same(b, a, 'with the same body as the eager app\'s')
  const email = uniqueEmail('lazy')
  const [c, d] = [await ask(eager, { email, password: PASSWORD }), await ask(lazy, { email: `x${email}`, password: PASSWORD })]
  t.equal(d.status, 201, 'a good one is served')
  t.same(Object.keys(d.body).sort(), Object.keys(c.body).sort(), 'and serialized to the same fields')
  t.notOk('passwordHash' in d.body.user || 'password_hash' in d.body.user, 'the response schema filters the row')
})
