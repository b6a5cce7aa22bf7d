import fp from 'fastify-plugin'
import type { AccountType } from './registry.js'
import { NOTHING_PENDING } from './repository/owners.js'
import type { Amr } from './assurance.js'
import type { PublicFactor } from '../../schemas/factors.js'

declare module 'fastify' {
  interface FastifyInstance { signInSteps: ReturnType<typeof createSignInSteps> }
}

/** How the first step of a sign-in was passed: the first method of the session's `amr`. */
export type FirstStep = Extract<Amr, 'pwd' | 'oauth' | 'link'>

/** The answer of a first step when a second factor is due: nothing is opened yet. */
export interface MfaRequired {
  mfaRequired: true
  mfaToken: string
  factors: PublicFactor[]
}

/**
 * What an account may still need after the first step of a sign-in (a password, a provider, a
 * link) before its session opens, as the domain that owns it declares it: factors registers the
 * second factor. `pending` says when it is due as an SQL expression, which the first step's own
 * statement carries as a column (no round trip of its own); `open` is what the sign-in answers
 * instead of a session then.
 */
export interface SignInStep {
  /** What nextStep answers when the step is due ('mfa'); lower-case letters and underscores. */
  name: string
  /** A boolean SQL expression: whether the step is due for the owner whose id is the SQL expression `ownerId`. */
  pending: (kind: AccountType, ownerId: string) => string
  /** The sign-in's answer when the step is due; nothing is opened yet (a step answering otherwise widens SignIn and its schema). */
  open: (kind: AccountType, ownerId: string, method: FirstStep) => Promise<MfaRequired>
}

/**
 * What other domains plug into a sign-in, declared here so that accounts imports none of them.
 * Everything is registered while the app is built (each domain's plugin), before the first
 * sign-in composes the steps into its statements; a step registered later is an error.
 */
export function createSignInSteps () {
  const steps: SignInStep[] = []
  let composed = false

  return {
    register (step: SignInStep): void {
      if (composed) throw new Error(`sign-in step ${step.name} registered after the first sign-in`)
      if (!/^[a-z_]+$/.test(step.name) || step.name === 'session' || steps.some((s) => s.name === step.name)) {
        throw new Error(`sign-in step name ${step.name}: taken or not lower-case letters`)
      }
      steps.push(step)
    },

    /** The registered steps, in order: the first one due is the one a sign-in answers. */
    get steps (): readonly SignInStep[] {
      return steps
    },

    /**
     * The SQL expression (text) naming the first step due for an owner id expression, null when
     * none is: the `pending` column of a first step's statement. Fixes the steps.
     */
    pendingSql (kind: AccountType): (ownerId: string) => string {
      composed = true
      if (!steps.length) return NOTHING_PENDING
      return (ownerId) => `case ${steps.map((s) => `when ${s.pending(kind, ownerId)} then '${s.name}'`).join(' ')} end`
    }
  }
}

export default fp(async (app) => {
  app.decorate('signInSteps', createSignInSteps())
}, { name: 'sign-in-steps' })
