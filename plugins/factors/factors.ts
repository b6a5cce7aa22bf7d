import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, presentAdminView, repositoryOf, revocations } from '../accounts/index.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import type { AdminAccountView } from '../../schemas/admin.js'
import { factorRepositoryOf } from './repository.js'
import { secretBox } from './secrets.js'
import { createEnrolment } from './enrolment.js'
import { createChallenge } from './challenge.js'
import { factorsData, secondFactorStep } from './sign-in.js'


declare module 'fastify' {
  interface FastifyInstance { factors: ReturnType<typeof createFactors> }
}

/** Second factors of every account type: TOTP enrolment and management, the second step of a sign-in, an admin's reset. */
export function createFactors (app: FastifyInstance) {
  const { sql } = app
  const box = secretBox(app.config.refreshTokenSecret)
  const user = ACCOUNT_TYPES.user

  return {
    ...createEnrolment(app, box),
    ...createChallenge(app, box),

    /**
     * An admin's reset of a user who lost its factors: factors, recovery codes and pending
     * challenges deleted, every session revoked (tokenVersion bumped). Null for an unknown user.
     */
    async resetUserFactors (userId: string, context: AuditContext): Promise<AdminAccountView | null> {
      const owners = repositoryOf(user).owners
      return sql.begin(async (tx) => {
        const [found] = await owners.lock.run(tx, { id: userId })
        if (!found) return null
        await factorRepositoryOf(user).resetAll.run(tx, { ownerId: userId })
        await revocations.revokeAll(tx, user, userId)
        await recordEvent(tx, { event: 'admin.user_factors_reset', accountType: user.type, accountId: userId }, context)
        const [row] = await owners.get.run(tx, { id: userId })
        return presentAdminView(row)
      })
    }
  }
}

export default fp(async (app) => {
  // A sign-in whose account has a verified TOTP factor answers the second step.
  app.signInSteps.register(secondFactorStep(app))
  app.decorate('factors', createFactors(app))
}, { name: 'factors', dependencies: ['db', 'config', 'sessions', 'account-metrics'] })

/** What factors keep about accounts (accounts/data.ts), in both roles: the worker erases. */
export const factorsDataPlugin = fp(async (app) => {
  app.accountData.register(factorsData)
}, { name: 'factors-data', dependencies: ['account-data'] })
