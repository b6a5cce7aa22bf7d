import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import { POST_ERRORS } from './errors.js'
import { uuidv7 } from '../../random.js'
import type { PostPublishedEvent, PublicPost } from '../../schemas/posts.js'
import { getTableName } from '../../db/drizzle.js'
import { posts, type Row } from '../../db/schema.js'
import type { AccountData, AccountType } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'

declare module 'fastify' {
  interface FastifyInstance { posts: ReturnType<typeof createPosts> }
}

export const PUBLISH_TASK = 'V1PublishTask'
export const PUBLISH_MAX_ATTEMPTS = 3

type PostRow = Row<typeof posts>
// The table, as an identifier of postgres.js's tagged templates (`sql(POSTS)`).
const POSTS = getTableName(posts)

/** The slow steps of an asynchronous publish; each may throw to reject (the job then fails). */
export interface PublishSteps {
  moderate: (post: PublicPost, locale: string) => Promise<void>
  preview: (post: PublicPost, locale: string) => Promise<void>
}

export const DEFAULT_STEPS: PublishSteps = {
  moderate: async () => {},
  preview: async () => {}
}

/** The one shape of a post outside the database (rows come from postgres.js: snake_case, Dates). */
function present (row: PostRow): PublicPost {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    status: row.status as PublicPost['status'],
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString()
  }
}

export function createPosts (app: FastifyInstance, steps: PublishSteps) {
  const { sql, rooms } = app

  /**
   * Publishes a draft in one transaction; POST_PUBLISHED goes out through pg_notify inside it,
   * so every instance hears it after the commit and never after a rollback. A post that is
   * already published is returned unchanged, with no event.
   */
  function publish (postId: string, userId: string): Promise<PublicPost> {
    return sql.begin(async (tx) => {
      const [row] = await tx<PostRow[]>`update ${tx(POSTS)} set status = 'published', published_at = now(), updated_at = now()
        where id = ${postId} and user_id = ${userId} and status = 'draft' returning *`
      if (!row) {
        const [existing] = await tx<PostRow[]>`select * from ${tx(POSTS)} where id = ${postId} and user_id = ${userId}`
        if (!existing) throw new AppError(POST_ERRORS.POST_NOT_FOUND)
        return present(existing)
      }
      const post = present(row)
      const event: PostPublishedEvent = { postId: post.id, title: post.title, publishedAt: post.publishedAt! }
      await rooms.emitInTransaction(tx, 'FEED', 'POST_PUBLISHED', event)
      return post
    })
  }

  return {
    publish,

    async create (userId: string, title: string): Promise<PublicPost> {
      const [row] = await sql<PostRow[]>`insert into ${sql(POSTS)} (id, user_id, title) values (${uuidv7()}, ${userId}, ${title}) returning *`
      return present(row)
    },

    /**
     * Queues V1PublishTask in the same transaction as the ownership check. Returns the job id,
     * or the post itself when it is already published (nothing to do, nothing queued).
     */
    async enqueuePublish (postId: string, userId: string, locale: string): Promise<{ jobId: number } | { post: PublicPost }> {
      return sql.begin(async (tx) => {
        const [row] = await tx<PostRow[]>`select * from ${tx(POSTS)} where id = ${postId} and user_id = ${userId} for share`
        if (!row) throw new AppError(POST_ERRORS.POST_NOT_FOUND)
        if (row.status === 'published') return { post: present(row) }
        const [job] = await tx`select id from graphile_worker.add_job(${PUBLISH_TASK},
          json_build_object('postId', ${postId}::text, 'locale', ${locale}::text), max_attempts => ${PUBLISH_MAX_ATTEMPTS})`
        return { jobId: Number(job.id) }
      })
    },

    /** Runs the job: moderation and preview, then the same publish as the direct path. */
    async runPublishJob (postId: string, locale: string): Promise<PublicPost> {
      const [row] = await sql<PostRow[]>`select * from ${sql(POSTS)} where id = ${postId}`
      if (!row) throw new Error(`post ${postId} does not exist`)
      const post = present(row)
      if (post.status === 'published') return post
      await steps.moderate(post, locale)
      await steps.preview(post, locale)
      return publish(postId, row.user_id)
    }
  }
}

export default fp<{ steps?: Partial<PublishSteps> }>(async (app, opts) => {
  app.decorate('posts', createPosts(app, { ...DEFAULT_STEPS, ...opts.steps }))
}, { name: 'posts', dependencies: ['db', 'rooms'] })

// Users write posts; admins none.
async function deleteAll (tx: Queryable, kind: AccountType, userId: string): Promise<Record<string, number>> {
  if (kind.type !== 'user') return {}
  const rows = await tx<{ id: string }[]>`delete from ${tx(POSTS)} where user_id = ${userId} returning id`
  return { posts: rows.length }
}

/**
 * The posts a user wrote: a claim deletes the registrant's (they would read as the new owner's),
 * an erasure all of them; a deactivated user's stay; the export lists them. What was published
 * stays in FEED's history until ROOM_HISTORY_TTL (it names no author).
 */
export const postsData: AccountData = {
  name: 'posts',
  tables: [posts],
  claim: deleteAll,
  deactivate: async () => ({}),
  erase: deleteAll,
  async export (db, kind, userId) {
    if (kind.type !== 'user') return {}
    const rows = await db<PostRow[]>`select * from ${db(POSTS)} where user_id = ${userId} order by created_at, id`
    return { posts: rows.map(present) }
  }
}

/** What posts keep about accounts (accounts/data.ts), in both roles: the worker erases. */
export const postsDataPlugin = fp(async (app) => {
  app.accountData.register(postsData)
}, { name: 'posts-data', dependencies: ['account-data'] })
