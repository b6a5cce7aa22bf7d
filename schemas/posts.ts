import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

/** A UUID of version 7 (time-ordered), the only kind of id posts have. */
export const UuidV7 = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$' })

export const PostSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  title: Type.String(),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
}, { title: 'Post', additionalProperties: false })
export type PublicPost = Static<typeof PostSchema>

export const CreatePostArgsSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 300 })
}, { additionalProperties: false })

export const PublishArgsSchema = Type.Object({
  postId: UuidV7
}, { additionalProperties: false })

/** The payload of V1PublishTask, validated by the task before use. */
export const PublishTaskPayloadSchema = Type.Object({
  postId: UuidV7,
  locale: Type.String({ minLength: 2, maxLength: 16 })
})
export type PublishTaskPayload = Static<typeof PublishTaskPayloadSchema>

export const PostResponseSchema = (status: 200 | 201) => Success(status, { post: PostSchema })
export const JobResponseSchema = Success(202, { jobId: Type.Integer() })

/** The data of the POST_PUBLISHED room event. */
export interface PostPublishedEvent { postId: string, title: string, publishedAt: string }
