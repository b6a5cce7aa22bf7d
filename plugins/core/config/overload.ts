import { defineConcern } from './concern.js'
import { Int } from './forms.js'

export interface OverloadConfig {
  /** How many requests that hash a password may be in progress at once; the next ones get 503. */
  passwordHashQueue: number
}

/** What the service refuses rather than queues when it is flooded. */
export const overload = defineConcern({
  env: {
    PASSWORD_HASH_QUEUE: Int(1, 100000, '64')
  },
  read: (env): OverloadConfig => ({
    passwordHashQueue: Number(env.PASSWORD_HASH_QUEUE)
  })
})
