// Generated from openapi.json by `npm run openapi` (openapi-typescript): do not edit.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to start: the API, its reference, the demo and the console
         * @description Errors:
         *
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["Index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that verify access tokens (JWKS)
         * @description Errors:
         *
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["Jwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Errors:
         *
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["Health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database, Redis and the NATS broker answer
         * @description Errors:
         *
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["Ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/activateuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a deactivated user
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ActivateUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/auditstats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count audit events per hour or day over a range
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1AuditStatsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/changepassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; the other devices are signed out
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `ADMIN.BAD_REQUEST_WEAK_PASSWORD`: This password is too easy to guess; choose another one
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ChangePasswordByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/confirmuseremail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a user's email address as confirmed
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ConfirmUserEmailByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/createoauthclient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an OAuth client of the OpenID provider (its secret is shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI`: This redirect URI is not allowed: <reason>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_GRANT_TYPES`: These grant types are not allowed together: <reason>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_SCOPE`: This scope cannot be given to a client: <scope>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_ORGANIZATION`: The organization cannot be given to this client: <reason>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateOauthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/createwebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook endpoint (its secret is shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `WEBHOOK.BAD_REQUEST_URL`: The webhook URL is not allowed: <reason>
         *     - 400 `WEBHOOK.BAD_REQUEST_TOO_MANY_ENDPOINTS`: At most <max> webhook endpoints are allowed here: delete one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/deactivateuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a user, signing the user out everywhere
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeactivateUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/deleteoauthclient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an OAuth client, its grants and its tokens
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `OAUTH_CLIENT.NOT_FOUND`: OAuth client not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteOauthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/deleteorg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an organization (softly)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteOrgByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/deleteuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a user (soft), signing the user out everywhere
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/deletewebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook endpoint and its deliveries
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/enrolltotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling an authenticator app (TOTP): its secret and QR code
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_FACTOR_EXISTS`: This account already has an authenticator app
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1EnrollTotpByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/eraseuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a user now; its audit events stay under a tombstone id
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1EraseUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/exportuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Everything kept about a user, as one JSON document to download
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ExportUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/getorg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an organization with its members, roles and API keys
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1GetOrgByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/getuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a user, the user's devices and second factors
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1GetUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listauditevents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the audit log, newest first, filtered, a page at a time
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListAuditEventsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listfactors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's second factors
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListFactorsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listoauthclients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the OAuth clients of the OpenID provider (never their secrets)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOauthClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listorgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List organizations, newest first
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listsessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's devices (one per session family)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListSessionsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listusers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List users: search, status filter, pages
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListUsersByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listwebhookdeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the deliveries of a webhook endpoint, newest first
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/listwebhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List webhook endpoints (never their secrets)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 400 `ADMIN.BAD_REQUEST_ACCOUNT_INACTIVE`: This admin account is inactive
         *     - 400 `ADMIN.BAD_REQUEST_ACCOUNT_DELETED`: This admin account has been deleted
         *     - 401 `ADMIN.UNAUTHORIZED_EMAIL_NOT_CONFIRMED`: Confirm your email address before logging in
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LoginByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out this device and clear the refresh cookie
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LogoutByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/logoutall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out every device; every access token dies at once
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LogoutAllByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/logoutothers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out every other device, staying signed in here
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LogoutOthersByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the caller's own account
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1MeByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/passkeylogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_PASSKEY`: The passkey could not be verified; try again
         *     - 400 `ADMIN.BAD_REQUEST_ACCOUNT_INACTIVE`: This admin account is inactive
         *     - 400 `ADMIN.BAD_REQUEST_ACCOUNT_DELETED`: This admin account has been deleted
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 401 `ADMIN.UNAUTHORIZED_EMAIL_NOT_CONFIRMED`: Confirm your email address before logging in
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyLoginByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/passkeyloginoptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the WebAuthn options of a passkey sign-in
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyLoginOptionsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/passkeyregister": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a passkey with the authenticator's answer
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_PASSKEY`: The passkey could not be verified; try again
         *     - 400 `ADMIN.BAD_REQUEST_TOO_MANY_PASSKEYS`: This admin account already has 10 passkeys; remove one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyRegisterByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/passkeyregisteroptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the WebAuthn options of a passkey registration
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_TOO_MANY_PASSKEYS`: This admin account already has 10 passkeys; remove one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyRegisterOptionsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/redeliverwebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again, now
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `WEBHOOK.DELIVERY_NOT_FOUND`: Webhook delivery not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RedeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the refresh token (cookie or body) for a new token pair
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `ADMIN.UNAUTHORIZED_INVALID_REFRESH_TOKEN`: The refresh token is invalid or expired; log in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RefreshByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/regeneraterecoverycodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes (with the password or a code)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ADMIN.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RegenerateRecoveryCodesByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/removefactor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a second factor (with the password or a code)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ADMIN.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RemoveFactorByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/requestpasswordreset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link (always 200)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RequestPasswordResetByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/resetpassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token of the mailed link
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 400 `ADMIN.BAD_REQUEST_WEAK_PASSWORD`: This password is too easy to guess; choose another one
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ResetPasswordByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/resetuserfactors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a user's second factors and sign the user out
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ResetUserFactorsByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/restoreuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted user
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RestoreUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/revokesession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out one device by its id
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ADMIN.SESSION_NOT_FOUND`: Session not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RevokeSessionByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/rotateoauthclientsecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a confidential OAuth client a new secret (shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_PUBLIC_CLIENT`: A public client has no secret
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `OAUTH_CLIENT.NOT_FOUND`: OAuth client not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RotateOauthClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/rotatewebhooksecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a webhook endpoint a new secret (shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/signoutuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a user out on every device
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1SignOutUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/updateoauthclient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change an OAuth client (redirect URIs, grants, scopes, name, organization)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI`: This redirect URI is not allowed: <reason>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_GRANT_TYPES`: These grant types are not allowed together: <reason>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_SCOPE`: This scope cannot be given to a client: <scope>
         *     - 400 `OAUTH_CLIENT.BAD_REQUEST_ORGANIZATION`: The organization cannot be given to this client: <reason>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `OAUTH_CLIENT.NOT_FOUND`: OAuth client not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateOauthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/updateprofile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update the caller's own profile and userMetadata
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateProfileByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/updateuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a user's profile, userMetadata and appMetadata
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `USER.NOT_FOUND`: User not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateUserByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/updatewebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a webhook endpoint, or enable or disable it
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `WEBHOOK.BAD_REQUEST_URL`: The webhook URL is not allowed: <reason>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/verifymfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in with a second factor or a recovery code
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 401 `ADMIN.UNAUTHORIZED_MFA_TOKEN`: This sign-in has expired or was already completed; log in again
         *     - 404 `ADMIN.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1VerifyMfaByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admins/verifytotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a TOTP enrolment with a first code: the recovery codes
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ADMIN.BAD_REQUEST_FACTOR_EXISTS`: This account already has an authenticator app
         *     - 400 `ADMIN.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ADMIN.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 404 `ADMIN.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1VerifyTotpByAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/acceptinvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation (the signed-in user must be the invited, confirmed address)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_INVALID_INVITATION`: This invitation is invalid, expired, already used, or for another address
         *     - 400 `ORG.BAD_REQUEST_EMAIL_NOT_CONFIRMED`: Confirm your email address before accepting the invitation
         *     - 400 `ORG.BAD_REQUEST_ALREADY_MEMBER`: This address is already a member of the organization
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1AcceptOrgInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization (the caller becomes its owner)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_SLUG_TAKEN`: This slug is taken
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/createapikey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an API key (the key is shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_PERMISSION_NOT_ALLOWED`: This permission cannot be granted here: <permission>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateOrgApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/createrole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a custom role
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_ROLE_NAME_TAKEN`: A role of this name exists already
         *     - 400 `ORG.BAD_REQUEST_PERMISSION_NOT_ALLOWED`: This permission cannot be granted here: <permission>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateOrgRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/createwebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook endpoint (its secret is shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `WEBHOOK.BAD_REQUEST_URL`: The webhook URL is not allowed: <reason>
         *     - 400 `WEBHOOK.BAD_REQUEST_TOO_MANY_ENDPOINTS`: At most <max> webhook endpoints are allowed here: delete one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreateOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an organization (softly; its slug stays taken)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/deleterole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a custom role nobody holds
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_BUILT_IN_ROLE`: The built-in roles cannot be changed
         *     - 400 `ORG.BAD_REQUEST_ROLE_IN_USE`: Members hold this role: give them another role first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.ROLE_NOT_FOUND`: Role not found in this organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteOrgRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/deletewebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook endpoint and its deliveries
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an organization of the caller's, with its role and permissions there
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1GetOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an address into an organization with a role (mails a link)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_ALREADY_MEMBER`: This address is already a member of the organization
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.ROLE_NOT_FOUND`: Role not found in this organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1InviteOrgMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave an organization
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_LAST_OWNER`: The organization must keep at least one owner: make another member owner first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LeaveOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's organizations with the caller's role in each
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listapikeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an organization's API keys (prefixes, never the keys)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listinvitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an organization's invitations, newest first
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listmembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an organization's members and their roles
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listroles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List an organization's roles (built-in and custom)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listwebhookdeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the deliveries of a webhook endpoint, newest first
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/listwebhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List webhook endpoints (never their secrets)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOrgWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/redeliverwebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again, now
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `WEBHOOK.DELIVERY_NOT_FOUND`: Webhook delivery not found
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RedeliverOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/removemember": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a member from an organization
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_LAST_OWNER`: The organization must keep at least one owner: make another member owner first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.MEMBER_NOT_FOUND`: This user is not a member of the organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RemoveOrgMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/revokeapikey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key (refused from its next request)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.API_KEY_NOT_FOUND`: API key not found, or already revoked
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RevokeOrgApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/revokeinvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a pending invitation
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.INVITATION_NOT_FOUND`: Invitation not found, or no longer pending
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RevokeOrgInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/rotatewebhooksecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a webhook endpoint a new secret (shown once)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RotateOrgWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/transferownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make another member the owner (the caller becomes an admin)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.MEMBER_NOT_FOUND`: This user is not a member of the organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1TransferOrgOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change an organization's slug or name
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_SLUG_TAKEN`: This slug is taken
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/updatemember": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a member's role
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_LAST_OWNER`: The organization must keep at least one owner: make another member owner first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.MEMBER_NOT_FOUND`: This user is not a member of the organization
         *     - 404 `ORG.ROLE_NOT_FOUND`: Role not found in this organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateOrgMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/updaterole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a custom role's name or permissions
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `ORG.BAD_REQUEST_BUILT_IN_ROLE`: The built-in roles cannot be changed
         *     - 400 `ORG.BAD_REQUEST_ROLE_NAME_TAKEN`: A role of this name exists already
         *     - 400 `ORG.BAD_REQUEST_PERMISSION_NOT_ALLOWED`: This permission cannot be granted here: <permission>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `ORG.ROLE_NOT_FOUND`: Role not found in this organization
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateOrgRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orgs/updatewebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a webhook endpoint, or enable or disable it
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `WEBHOOK.BAD_REQUEST_URL`: The webhook URL is not allowed: <reason>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 404 `WEBHOOK.NOT_FOUND`: Webhook endpoint not found
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateOrgWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a draft post
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CreatePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/posts/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a post to its room
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 404 `POST.NOT_FOUND`: Post not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rooms/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish an event into a room (an API key with rooms:publish, or an admin)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `FORBIDDEN`: You are not allowed to do this
         *     - 403 `ORG.FORBIDDEN`: Missing permission in this organization: <permission>
         *     - 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PublishToRoom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/canceldeletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the erasure of one's account with the mailed link, and sign in
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1CancelDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/changepassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; the other devices are signed out
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `USER.BAD_REQUEST_WEAK_PASSWORD`: This password is too easy to guess; choose another one
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ChangePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/confirmemailchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new email address with the token of the mailed link
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 400 `USER.BAD_REQUEST_USER_ALREADY_EXISTS`: An account with this email already exists
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ConfirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/deleteaccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete one's account: signed out now, erased after ACCOUNT_ERASURE_DELAY
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `ORG.BAD_REQUEST_LAST_OWNER`: The organization must keep at least one owner: make another member owner first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_REAUTHENTICATION_REQUIRED`: Enter your password, or sign in again, to do this
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1DeleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/enrolltotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling an authenticator app (TOTP): its secret and QR code
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_FACTOR_EXISTS`: This account already has an authenticator app
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1EnrollTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/exportdata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Everything kept about the caller, as one JSON document to download
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_REAUTHENTICATION_REQUIRED`: Enter your password, or sign in again, to do this
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ExportData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/listauthorizedapps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the applications the caller let sign them in (OpenID provider)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListAuthorizedApps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/listfactors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's second factors
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListFactors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/listidentities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the sign-in providers linked to the account
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListIdentities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/listsessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the caller's devices (one per session family)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 400 `USER.BAD_REQUEST_ACCOUNT_INACTIVE`: This account is inactive
         *     - 400 `USER.BAD_REQUEST_ACCOUNT_DELETED`: This account has been deleted
         *     - 401 `USER.UNAUTHORIZED_EMAIL_NOT_CONFIRMED`: Confirm your email address before logging in
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out this device and clear the refresh cookie
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/logoutall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out every device; every access token dies at once
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LogoutAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/logoutothers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out every other device, staying signed in here
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1LogoutOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the caller's own account
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Me"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/oauth/{provider}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a sign-in with a provider: a redirect to it
         * @description Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 404 `USER.OAUTH_PROVIDER_NOT_FOUND`: This sign-in provider is not configured
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["V1OAuthAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/oauth/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish a provider sign-in: a redirect back to the app
         * @description Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 404 `USER.OAUTH_PROVIDER_NOT_FOUND`: This sign-in provider is not configured
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        get: operations["V1OAuthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/oauthexchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the code of a provider sign-in for tokens
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1OAuthExchange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/oauthproviders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the sign-in providers that are configured
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ListOAuthProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/passkeylogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_PASSKEY`: The passkey could not be verified; try again
         *     - 400 `USER.BAD_REQUEST_ACCOUNT_INACTIVE`: This account is inactive
         *     - 400 `USER.BAD_REQUEST_ACCOUNT_DELETED`: This account has been deleted
         *     - 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 401 `USER.UNAUTHORIZED_EMAIL_NOT_CONFIRMED`: Confirm your email address before logging in
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/passkeyloginoptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the WebAuthn options of a passkey sign-in
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyLoginOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/passkeyregister": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a passkey with the authenticator's answer
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_PASSKEY`: The passkey could not be verified; try again
         *     - 400 `USER.BAD_REQUEST_TOO_MANY_PASSKEYS`: This account already has 10 passkeys; remove one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/passkeyregisteroptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the WebAuthn options of a passkey registration
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_TOO_MANY_PASSKEYS`: This account already has 10 passkeys; remove one first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1PasskeyRegisterOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the refresh token (cookie or body) for a new token pair
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN`: The refresh token is invalid or expired; log in again
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/regeneraterecoverycodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes (with the password or a code)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `USER.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 404 `USER.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RegenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign it in
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_USER_ALREADY_EXISTS`: An account with this email already exists
         *     - 400 `USER.BAD_REQUEST_WEAK_PASSWORD`: This password is too easy to guess; choose another one
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1Register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/removefactor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a second factor (with the password or a code)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `USER.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 404 `USER.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RemoveFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/requestemailchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to change the email address: a link goes to the new one
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD`: The current password is wrong
         *     - 400 `USER.BAD_REQUEST_USER_ALREADY_EXISTS`: An account with this email already exists
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RequestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/requestemailverification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new verification link to the caller's address
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RequestEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/requestpasswordreset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link (always 200)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RequestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/requestsigninlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a sign-in link (always 200)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RequestSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/resendverification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new verification link without signing in (always 200)
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ResendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/resetpassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token of the mailed link
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 400 `USER.BAD_REQUEST_WEAK_PASSWORD`: This password is too easy to guess; choose another one
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1ResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/revokeauthorizedapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw an application's consent and revoke its tokens
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RevokeAuthorizedApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/revokesession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out one device by its id
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 404 `USER.SESSION_NOT_FOUND`: Session not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1RevokeSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/signinwithlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with the token of a mailed sign-in link
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1SignInWithLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/switchorg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Act for an organization (or none): a rotated token pair carrying org
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 401 `USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN`: The refresh token is invalid or expired; log in again
         *     - 404 `ORG.NOT_FOUND`: Organization not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1SwitchOrg"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/unlinkidentity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unlink a sign-in provider from the account
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_LAST_SIGN_IN_METHOD`: This is the last way to sign in to the account; add a password or another sign-in first
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 404 `USER.IDENTITY_NOT_FOUND`: Identity not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UnlinkIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/updateprofile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update the caller's own profile and userMetadata
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1UpdateProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/verifyemail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the email address with the token of the mailed link
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_TOKEN`: This link is invalid, expired or already used; ask for a new one
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1VerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/verifymfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in with a second factor or a recovery code
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: Wrong email or password
         *     - 401 `USER.UNAUTHORIZED_MFA_TOKEN`: This sign-in has expired or was already completed; log in again
         *     - 404 `USER.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1VerifyMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/verifytotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a TOTP enrolment with a first code: the recovery codes
         * @description Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.
         *
         *     Errors:
         *
         *     - 400 `BAD_REQUEST_INVALID_ARGUMENTS`: Invalid arguments: <names>
         *     - 400 `USER.BAD_REQUEST_FACTOR_EXISTS`: This account already has an authenticator app
         *     - 400 `USER.BAD_REQUEST_INVALID_MFA_CODE`: The code is wrong, expired or already used
         *     - 401 `UNAUTHORIZED`: Authentication is required
         *     - 403 `USER.FORBIDDEN_AAL2_REQUIRED`: Sign in with your second factor to do this
         *     - 404 `USER.FACTOR_NOT_FOUND`: Factor not found
         *     - 413 `PAYLOAD_TOO_LARGE`: The request body is too large
         *     - 415 `UNSUPPORTED_MEDIA_TYPE`: Send the arguments as JSON or in the query string
         *     - 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>
         *     - 500 `INTERNAL_SERVER_ERROR`: Something went wrong on our side
         *     - 503 `SERVICE_UNAVAILABLE`: The service is unavailable
         */
        post: operations["V1VerifyTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** AccountExport */
        AccountExport: {
            account: {
                [key: string]: unknown;
            };
            accountType: string;
            /** Format: date-time */
            exportedAt: string;
            /** @enum {string} */
            format: "latchkey-export/1";
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
        } & {
            [key: string]: unknown;
        };
        /** AdminOrganizationView */
        AdminOrganizationView: {
            /** Format: date-time */
            createdAt: string;
            deletedAt: string | null;
            /** Format: uuid */
            id: string;
            members: number;
            name: string;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * AdminTokens
         * @description A new session: its token pair
         */
        AdminTokens: {
            admin: components["schemas"]["User"];
            /** @description also set as the HttpOnly cookie jwt-admin-refresh */
            refreshToken: string;
            /** @enum {number} */
            status: 201;
            /** @enum {boolean} */
            success: true;
            /** @description the access token: `Authorization: jwt-admin <token>` */
            token: string;
        };
        /**
         * AdminTokensRefreshed
         * @description A new token pair (the refresh token rotated)
         */
        AdminTokensRefreshed: {
            admin: components["schemas"]["User"];
            /** @description also set as the HttpOnly cookie jwt-admin-refresh */
            refreshToken: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
            /** @description the access token: `Authorization: jwt-admin <token>` */
            token: string;
        };
        /**
         * AdminUserView
         * @description A user as admins see it: the account plus deletedAt and tokenVersion
         */
        AdminUserView: {
            /** @description the application's JSON object: only admins and the CLI write it */
            appMetadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            deletedAt: string | null;
            email: string;
            /** @description the family name */
            familyName: string | null;
            /** @description the given name */
            givenName: string | null;
            /** Format: uuid */
            id: string;
            isActive: boolean;
            isEmailConfirmed: boolean;
            lastLogin: string | null;
            lastLoginAt: string | null;
            /** @description a BCP 47 language tag (en-GB) */
            locale: string | null;
            loginCount: number;
            /** @description the full name */
            name: string | null;
            /** @description an https URL of a picture */
            picture: string | null;
            tokenVersion: number;
            /** Format: date-time */
            updatedAt: string;
            /** @description the user's own JSON object (updateprofile) */
            userMetadata: {
                [key: string]: unknown;
            };
            /** @description an IANA time zone (Europe/Paris) */
            zoneinfo: string | null;
        };
        /** ApiKey */
        ApiKey: {
            /** Format: date-time */
            createdAt: string;
            createdBy: string | null;
            expiresAt: string | null;
            /** Format: uuid */
            id: string;
            lastUsedAt: string | null;
            name: string;
            permissions: string[];
            prefix: string;
            revokedAt: string | null;
        };
        /**
         * AuditEvent
         * @description One event of the audit log
         */
        AuditEvent: {
            /** @description the account's email now; null when there is no such account */
            accountEmail: string | null;
            accountId: string | null;
            accountType: string;
            /** @description the acting account's email now (a user or an admin); null for the CLI or none */
            actorEmail: string | null;
            actorId: string | null;
            actorType: string | null;
            /** Format: date-time */
            createdAt: string;
            data: {
                [key: string]: unknown;
            };
            event: string;
            /** Format: uuid */
            id: string;
            ipAddress: string | null;
            sessionId: string | null;
            userAgent: string | null;
        };
        /**
         * AuthenticationResponseJSON
         * @description the PublicKeyCredential of navigator.credentials.get(), as its toJSON() gives it
         */
        AuthenticationResponseJSON: {
            authenticatorAttachment?: string;
            /** @description clientExtensionResults */
            clientExtensionResults?: {
                [key: string]: unknown;
            };
            /** @description base64url */
            id: string;
            /** @description base64url */
            rawId: string;
            response: {
                /** @description base64url */
                authenticatorData: string;
                /** @description base64url */
                clientDataJSON: string;
                /** @description base64url */
                signature: string;
                userHandle?: string | null;
            };
            type: string;
        };
        /** AuthorizedApp */
        AuthorizedApp: {
            /** Format: date-time */
            authorizedAt: string;
            clientId: string;
            name: string;
            scopes: string[];
        };
        /** DeleteAccountResponse */
        DeleteAccountResponse: {
            /** @description Erased already (ACCOUNT_ERASURE_DELAY=0); else deactivated, with a mailed link that cancels the erasure until erasureAt */
            erased: boolean;
            /**
             * Format: date-time
             * @description When the account is (or was) erased
             */
            erasureAt: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
        };
        /** EraseUserResponse */
        EraseUserResponse: {
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
            /**
             * Format: uuid
             * @description The id the user's audit events now carry
             */
            tombstoneId: string;
        };
        Error: {
            /** @description on a 503 of /ready: each dependency, ok or failed */
            checks?: {
                [key: string]: string;
            };
            /** @description the code clients branch on (UNAUTHORIZED, USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS); it never changes */
            error: string;
            /** @description on BAD_REQUEST_INVALID_ARGUMENTS: what is wrong with each argument */
            fields?: {
                message: string;
                name: string;
            }[];
            /** @description for people, in the language of the request */
            message: string;
            /** @description on 500 outside production only, secrets masked */
            reqArgs?: unknown;
            /** @description on 500 outside production only */
            reqRoute?: string | null;
            /** @description on 5xx: the X-Request-ID of the logs */
            requestId?: string;
            /** @description on 500 outside production only */
            reqUserId?: string | null;
            /** @description on 500 outside production only */
            reqUserType?: string;
            /** @description on 500 outside production only */
            stack?: string;
            /** @description the HTTP status */
            status: number;
            /** @enum {boolean} */
            success: false;
        };
        /**
         * Factor
         * @description A second factor (TOTP or passkey); never its secret or key
         */
        Factor: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            lastUsedAt: string | null;
            name: string;
            status: "unverified" | "verified";
            type: "totp" | "webauthn";
        };
        /**
         * Identity
         * @description One of the user's accounts at a sign-in provider
         */
        Identity: {
            /** Format: date-time */
            createdAt: string;
            /** @description the address the provider gave at the last sign-in */
            email: string | null;
            emailVerified: boolean;
            /** Format: uuid */
            id: string;
            lastSignInAt: string | null;
            /** @description the provider name of OIDC_PROVIDERS */
            provider: string;
        };
        /** Index */
        Index: {
            /** @description the admin console (ADMIN_CONSOLE_ENABLED) */
            admin?: string;
            /** @description the prefix of the API's actions, like /v1/ (POST /v1/users/login) */
            api: string;
            /** @description the demo app (DEMO_ENABLED) */
            demo?: string;
            /** @description the API reference (DOCS_ENABLED) */
            docs?: string;
            /** @enum {string} */
            name: "latchkey";
            /** @description the OpenAPI document (DOCS_ENABLED) */
            openapi?: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
            /** @description outside production only */
            version?: string;
        };
        /** Invitation */
        Invitation: {
            acceptedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            invitedBy: string | null;
            revokedAt: string | null;
            role: string;
        };
        /** Member */
        Member: {
            email: string;
            /** Format: date-time */
            joinedAt: string;
            role: string;
            /** Format: uuid */
            userId: string;
        };
        /**
         * MfaRequired
         * @description The first step of a sign-in passed: answer with verifymfa
         */
        MfaRequired: {
            factors: components["schemas"]["Factor"][];
            /** @enum {boolean} */
            mfaRequired: true;
            /** @description 64 hex characters; valid 5 minutes, single use, dead after 5 wrong codes */
            mfaToken: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
        };
        /** MyOrganization */
        MyOrganization: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            permissions: string[];
            /** @description the caller's role; null for an API key (get) */
            role: string | null;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** OauthClient */
        OauthClient: {
            backchannelLogoutUri: string | null;
            clientId: string;
            /** Format: date-time */
            createdAt: string;
            grantTypes: string[];
            name: string;
            organizationId: string | null;
            postLogoutRedirectUris: string[];
            redirectUris: string[];
            scopes: string[];
            /** @enum {string} */
            type: "public" | "confidential";
            /** Format: date-time */
            updatedAt: string;
        };
        /** Organization */
        Organization: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** Post */
        Post: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            publishedAt: string | null;
            status: "draft" | "published";
            title: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
        };
        /** PublishedToRoom */
        PublishedToRoom: {
            /** @description the room's epoch: offsets compare within one epoch */
            epoch: string;
            /** @description the event's offset in the room */
            offset: number;
            room: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
        };
        /**
         * RegistrationResponseJSON
         * @description the PublicKeyCredential of navigator.credentials.create(), as its toJSON() gives it
         */
        RegistrationResponseJSON: {
            authenticatorAttachment?: string;
            /** @description clientExtensionResults */
            clientExtensionResults?: {
                [key: string]: unknown;
            };
            /** @description base64url */
            id: string;
            /** @description base64url */
            rawId: string;
            response: {
                /** @description base64url */
                attestationObject: string;
                /** @description base64url */
                authenticatorData?: string;
                /** @description base64url */
                clientDataJSON: string;
                /** @description base64url */
                publicKey?: string;
                publicKeyAlgorithm?: number;
                transports?: string[];
            };
            type: string;
        };
        /** Role */
        Role: {
            builtIn: boolean;
            /** Format: uuid */
            id: string;
            name: string;
            permissions: string[];
        };
        /**
         * Session
         * @description One device: a session family (a sign-in and all its refreshes)
         */
        Session: {
            aal: "aal1" | "aal2";
            /** @description the browser the User-Agent names (Chrome, Firefox, Safari, ...); null when it names none */
            browser: string | null;
            client: string;
            /** Format: date-time */
            createdAt: string;
            current: boolean;
            /** @description the kind of device the User-Agent names; null when it names none */
            deviceType: "desktop" | "mobile" | "tablet" | "tv" | "bot" | null;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            ipAddress: string | null;
            lastUsedAt: string | null;
            /** @description the operating system the User-Agent names (Linux, Windows, macOS, iOS, Android, ...); null when it names none */
            os: string | null;
            platform: string;
            userAgent: string | null;
        };
        /**
         * User
         * @description An account as every response shows it (a user, or an admin its own account)
         */
        User: {
            /** @description the application's JSON object: only admins and the CLI write it */
            appMetadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** @description the family name */
            familyName: string | null;
            /** @description the given name */
            givenName: string | null;
            /** Format: uuid */
            id: string;
            isActive: boolean;
            isEmailConfirmed: boolean;
            lastLogin: string | null;
            lastLoginAt: string | null;
            /** @description a BCP 47 language tag (en-GB) */
            locale: string | null;
            loginCount: number;
            /** @description the full name */
            name: string | null;
            /** @description an https URL of a picture */
            picture: string | null;
            /** Format: date-time */
            updatedAt: string;
            /** @description the user's own JSON object (updateprofile) */
            userMetadata: {
                [key: string]: unknown;
            };
            /** @description an IANA time zone (Europe/Paris) */
            zoneinfo: string | null;
        };
        /**
         * UserTokens
         * @description A new session: its token pair
         */
        UserTokens: {
            /** @description also set as the HttpOnly cookie jwt-user-refresh */
            refreshToken: string;
            /** @enum {number} */
            status: 201;
            /** @enum {boolean} */
            success: true;
            /** @description the access token: `Authorization: jwt-user <token>` */
            token: string;
            user: components["schemas"]["User"];
        };
        /**
         * UserTokensRefreshed
         * @description A new token pair (the refresh token rotated)
         */
        UserTokensRefreshed: {
            /** @description also set as the HttpOnly cookie jwt-user-refresh */
            refreshToken: string;
            /** @enum {number} */
            status: 200;
            /** @enum {boolean} */
            success: true;
            /** @description the access token: `Authorization: jwt-user <token>` */
            token: string;
            user: components["schemas"]["User"];
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            attempts: number;
            /** Format: uuid */
            auditEventId: string;
            /** Format: date-time */
            createdAt: string;
            deliveredAt: string | null;
            durationMs: number | null;
            /** Format: uuid */
            endpointId: string;
            eventType: string;
            /** @description the webhook-id header of every attempt */
            id: string;
            lastError: string | null;
            lastResponseCode: number | null;
            nextAttemptAt: string | null;
            status: "pending" | "delivered" | "failed";
        };
        /** WebhookEndpoint */
        WebhookEndpoint: {
            /** Format: date-time */
            createdAt: string;
            description: string;
            disabledAt: string | null;
            enabled: boolean;
            events: string[];
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            organizationId: string | null;
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
    };
    responses: never;
    parameters: {
        /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
        lang: string;
        /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
        "X-Client": string;
        /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
        "X-Platform": string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Index: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Index"];
                };
            };
        };
    };
    Jwks: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: string;
                        }[];
                    };
                };
            };
        };
    };
    Health: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    Ready: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            broker?: string;
                            cache: string;
                            database: string;
                        };
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ActivateUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1AuditStatsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description the size of a bucket, in UTC
                     * @default hour
                     * @enum {string}
                     */
                    bucket?: "hour" | "day";
                    /**
                     * Format: date-time
                     * @description start of the range (inclusive), rounded down to its bucket; default: 7 days before `to`
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description end of the range (exclusive), rounded up to its bucket; default: now
                     */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        bucket: "hour" | "day";
                        /** @description every bucket of the range, oldest first, quiet ones included */
                        buckets: {
                            /** @description events of the bucket by name; an event that did not happen is absent ({} for a quiet bucket) */
                            counts: {
                                [key: string]: number;
                            };
                            /** Format: date-time */
                            start: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description the start of the first bucket
                         */
                        from: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * Format: date-time
                         * @description the end of the last bucket
                         */
                        to: string;
                    };
                };
            };
        };
    };
    V1ChangePasswordByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ConfirmUserEmailByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1CreateOauthClient: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where the provider POSTs a logout_token when the user's session ends (OpenID Back-Channel Logout) */
                    backchannelLogoutUri?: string | null;
                    grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "urn:ietf:params:oauth:grant-type:device_code")[];
                    name: string;
                    /** @description the organization client_credentials tokens act for */
                    organizationId?: string | null;
                    /** @description where RP-initiated logout may send the browser back (exact match) */
                    postLogoutRedirectUris?: string[];
                    redirectUris?: string[];
                    scopes?: string[];
                    /** @enum {string} */
                    type: "public" | "confidential";
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client: components["schemas"]["OauthClient"];
                        /** @description lks_...: shown here only; null for a public client */
                        clientSecret: string | null;
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1CreateWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    events: ("*" | "login.succeeded" | "login.failed" | "register" | "refresh.reuse_detected" | "refresh.reuse_allowed" | "logout" | "logoutall" | "session.revoked" | "sessions.revoked_others" | "email.verification_sent" | "email.verified" | "password.reset_requested" | "password.reset" | "password.changed" | "admin.user_deactivated" | "admin.user_activated" | "admin.user_deleted" | "admin.user_restored" | "admin.user_signed_out" | "admin.user_email_confirmed" | "mfa.enrolled" | "mfa.challenge_failed" | "mfa.verified" | "mfa.recovery_code_used" | "mfa.factor_removed" | "mfa.recovery_codes_regenerated" | "passkey.registered" | "passkey.login" | "passkey.clone_suspected" | "admin.user_factors_reset" | "oauth.signed_in" | "oauth.identity_linked" | "oauth.identity_unlinked" | "oauth.failed" | "signin_link.requested" | "signin_link.used" | "login.locked" | "email.change_requested" | "email.changed" | "account.claimed" | "account.deletion_requested" | "account.deletion_cancelled" | "account.erased" | "account.exported" | "mfa.locked" | "org.created" | "org.updated" | "org.deleted" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "role.created" | "role.updated" | "role.deleted" | "apikey.created" | "apikey.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "oauth_client.created" | "oauth_client.updated" | "oauth_client.deleted" | "oauth_client.secret_rotated" | "user.profile_updated" | "admin.user_updated")[];
                    /** @description an https URL (http outside production) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whsec_ and base64: shown here only (and by rotatewebhooksecret) */
                        secret: string;
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1DeactivateUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1DeleteOauthClient: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the client_id (lkc_...) */
                    clientId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1DeleteOrgByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    organizationId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1DeleteUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1DeleteWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1EnrollTotpByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @description the QR code of `uri`, an SVG document */
                        qrSvg: string;
                        /** @description the base32 secret, for apps that cannot scan the QR code; shown this once */
                        secret: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        /** @description the otpauth:// URI the QR code holds */
                        uri: string;
                    };
                };
            };
        };
    };
    V1EraseUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EraseUserResponse"];
                };
            };
        };
    };
    V1ExportUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
        };
    };
    V1GetOrgByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    organizationId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: components["schemas"]["ApiKey"][];
                        members: components["schemas"]["Member"][];
                        organization: components["schemas"]["AdminOrganizationView"];
                        roles: components["schemas"]["Role"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1GetUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factors: components["schemas"]["Factor"][];
                        sessions: components["schemas"]["Session"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1ListAuditEventsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    accountId?: string;
                    /** @enum {string} */
                    accountType?: "user" | "admin";
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @enum {string} */
                    event?: "login.succeeded" | "login.failed" | "register" | "refresh.reuse_detected" | "refresh.reuse_allowed" | "logout" | "logoutall" | "session.revoked" | "sessions.revoked_others" | "email.verification_sent" | "email.verified" | "password.reset_requested" | "password.reset" | "password.changed" | "admin.user_deactivated" | "admin.user_activated" | "admin.user_deleted" | "admin.user_restored" | "admin.user_signed_out" | "admin.user_email_confirmed" | "mfa.enrolled" | "mfa.challenge_failed" | "mfa.verified" | "mfa.recovery_code_used" | "mfa.factor_removed" | "mfa.recovery_codes_regenerated" | "passkey.registered" | "passkey.login" | "passkey.clone_suspected" | "admin.user_factors_reset" | "oauth.signed_in" | "oauth.identity_linked" | "oauth.identity_unlinked" | "oauth.failed" | "signin_link.requested" | "signin_link.used" | "login.locked" | "email.change_requested" | "email.changed" | "account.claimed" | "account.deletion_requested" | "account.deletion_cancelled" | "account.erased" | "account.exported" | "mfa.locked" | "org.created" | "org.updated" | "org.deleted" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "role.created" | "role.updated" | "role.deleted" | "apikey.created" | "apikey.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "oauth_client.created" | "oauth_client.updated" | "oauth_client.deleted" | "oauth_client.secret_rotated" | "user.profile_updated" | "admin.user_updated";
                    /** Format: date-time */
                    from?: string;
                    /** @default 50 */
                    limit?: number;
                    /** Format: date-time */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["AuditEvent"][];
                        nextCursor: string | null;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListFactorsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factors: components["schemas"]["Factor"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOauthClients: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clients: components["schemas"]["OauthClient"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @default 50 */
                    limit?: number;
                    /** @description part of the slug or name */
                    q?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        organizations: components["schemas"]["AdminOrganizationView"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListSessionsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: components["schemas"]["Session"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListUsersByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @default 20 */
                    limit?: number;
                    q?: string;
                    /**
                     * @default all
                     * @enum {string}
                     */
                    status?: "active" | "inactive" | "deleted" | "all";
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        users: components["schemas"]["AdminUserView"][];
                    };
                };
            };
        };
    };
    V1ListWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @default 50 */
                    limit?: number;
                    status?: "pending" | "delivered" | "failed";
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        nextCursor: string | null;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListWebhooks: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
        };
    };
    V1LoginByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The first step of a sign-in passed: answer with verifymfa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaRequired"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTokens"];
                };
            };
        };
    };
    V1LogoutByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead */
                    refreshToken?: unknown;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1LogoutAllByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1LogoutOthersByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1MeByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: components["schemas"]["User"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyLoginByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description the challengeId of passkeyloginoptions
                     */
                    challengeId: string;
                    response: components["schemas"]["AuthenticationResponseJSON"];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTokens"];
                };
            };
        };
    };
    V1PasskeyLoginOptionsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description to send back with the response to passkeylogin
                         */
                        challengeId: string;
                        /** @description PublicKeyCredentialRequestOptionsJSON for PublicKeyCredential.parseRequestOptionsFromJSON() */
                        options: {
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyRegisterByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what the account calls this passkey (default Passkey) */
                    name?: string;
                    response: components["schemas"]["RegistrationResponseJSON"];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyRegisterOptionsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description PublicKeyCredentialCreationOptionsJSON for PublicKeyCredential.parseCreationOptionsFromJSON() */
                        options: {
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RedeliverWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    deliveryId: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RefreshByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead */
                    refreshToken?: unknown;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new token pair (the refresh token rotated) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTokensRefreshed"];
                };
            };
        };
    };
    V1RegenerateRecoveryCodesByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ten recovery codes, each usable once; shown this once */
                        recoveryCodes: string[];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RemoveFactorByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    /** Format: uuid */
                    factorId: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RequestPasswordResetByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ResetPasswordByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description the token of the mailed link (its `token` query parameter) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ResetUserFactorsByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1RestoreUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1RevokeSessionByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RotateOauthClientSecret: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the client_id (lkc_...) */
                    clientId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client: components["schemas"]["OauthClient"];
                        clientSecret: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RotateWebhookSecret: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1SignOutUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1UpdateOauthClient: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where the provider POSTs a logout_token when the user's session ends (OpenID Back-Channel Logout) */
                    backchannelLogoutUri?: string | null;
                    /** @description the client_id (lkc_...) */
                    clientId: string;
                    grantTypes?: ("authorization_code" | "refresh_token" | "client_credentials" | "urn:ietf:params:oauth:grant-type:device_code")[];
                    name?: string;
                    organizationId?: string | null;
                    /** @description where RP-initiated logout may send the browser back (exact match) */
                    postLogoutRedirectUris?: string[];
                    redirectUris?: string[];
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client: components["schemas"]["OauthClient"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateProfileByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the family name, up to 60 characters */
                    familyName?: string | null;
                    /** @description the given name, up to 60 characters */
                    givenName?: string | null;
                    /** @description a BCP 47 language tag of a known language (en, pt-BR) */
                    locale?: string | null;
                    /** @description the full name, up to 100 characters */
                    name?: string | null;
                    /** @description an https URL, up to 500 characters */
                    picture?: string | null;
                    /** @description the user's own JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep */
                    userMetadata?: {
                        [key: string]: unknown;
                    };
                    /** @description an IANA time zone (Europe/Paris, UTC) */
                    zoneinfo?: string | null;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: components["schemas"]["User"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateUserByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the application's JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep */
                    appMetadata?: {
                        [key: string]: unknown;
                    };
                    /** @description the family name, up to 60 characters */
                    familyName?: string | null;
                    /** @description the given name, up to 60 characters */
                    givenName?: string | null;
                    /** @description a BCP 47 language tag of a known language (en, pt-BR) */
                    locale?: string | null;
                    /** @description the full name, up to 100 characters */
                    name?: string | null;
                    /** @description an https URL, up to 500 characters */
                    picture?: string | null;
                    /** Format: uuid */
                    userId: string;
                    /** @description the user's own JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep */
                    userMetadata?: {
                        [key: string]: unknown;
                    };
                    /** @description an IANA time zone (Europe/Paris, UTC) */
                    zoneinfo?: string | null;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["AdminUserView"];
                    };
                };
            };
        };
    };
    V1UpdateWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description true enables a disabled endpoint again (its failures forgotten) */
                    enabled?: boolean;
                    events?: ("*" | "login.succeeded" | "login.failed" | "register" | "refresh.reuse_detected" | "refresh.reuse_allowed" | "logout" | "logoutall" | "session.revoked" | "sessions.revoked_others" | "email.verification_sent" | "email.verified" | "password.reset_requested" | "password.reset" | "password.changed" | "admin.user_deactivated" | "admin.user_activated" | "admin.user_deleted" | "admin.user_restored" | "admin.user_signed_out" | "admin.user_email_confirmed" | "mfa.enrolled" | "mfa.challenge_failed" | "mfa.verified" | "mfa.recovery_code_used" | "mfa.factor_removed" | "mfa.recovery_codes_regenerated" | "passkey.registered" | "passkey.login" | "passkey.clone_suspected" | "admin.user_factors_reset" | "oauth.signed_in" | "oauth.identity_linked" | "oauth.identity_unlinked" | "oauth.failed" | "signin_link.requested" | "signin_link.used" | "login.locked" | "email.change_requested" | "email.changed" | "account.claimed" | "account.deletion_requested" | "account.deletion_cancelled" | "account.erased" | "account.exported" | "mfa.locked" | "org.created" | "org.updated" | "org.deleted" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "role.created" | "role.updated" | "role.deleted" | "apikey.created" | "apikey.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "oauth_client.created" | "oauth_client.updated" | "oauth_client.deleted" | "oauth_client.secret_rotated" | "user.profile_updated" | "admin.user_updated")[];
                    /** @description an https URL (http outside production) */
                    url?: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1VerifyMfaByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    /** Format: uuid */
                    factorId?: string;
                    /** @description the mfaToken of the login answer (64 hex characters) */
                    mfaToken: string;
                    /** @description one of the recovery codes (10 characters) */
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTokens"];
                };
            };
        };
    };
    V1VerifyTotpByAdmin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code: string;
                    /** Format: uuid */
                    factorId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @description ten recovery codes, each usable once; shown this once */
                        recoveryCodes: string[];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1AcceptOrgInvitation: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["MyOrganization"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1CreateOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description 3 to 48 of a-z, 0-9 and - */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["MyOrganization"];
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1CreateOrgApiKey: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description seconds; without it the key does not expire */
                    expiresIn?: number;
                    name: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: components["schemas"]["ApiKey"];
                        /** @description lk_ and 52 base32 characters: shown once, only its SHA-256 is kept */
                        key: string;
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1CreateOrgRole: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin, member or a custom role of the organization */
                    name: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        role: components["schemas"]["Role"];
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1CreateOrgWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    events: ("*" | "login.succeeded" | "login.failed" | "register" | "refresh.reuse_detected" | "refresh.reuse_allowed" | "logout" | "logoutall" | "session.revoked" | "sessions.revoked_others" | "email.verification_sent" | "email.verified" | "password.reset_requested" | "password.reset" | "password.changed" | "admin.user_deactivated" | "admin.user_activated" | "admin.user_deleted" | "admin.user_restored" | "admin.user_signed_out" | "admin.user_email_confirmed" | "mfa.enrolled" | "mfa.challenge_failed" | "mfa.verified" | "mfa.recovery_code_used" | "mfa.factor_removed" | "mfa.recovery_codes_regenerated" | "passkey.registered" | "passkey.login" | "passkey.clone_suspected" | "admin.user_factors_reset" | "oauth.signed_in" | "oauth.identity_linked" | "oauth.identity_unlinked" | "oauth.failed" | "signin_link.requested" | "signin_link.used" | "login.locked" | "email.change_requested" | "email.changed" | "account.claimed" | "account.deletion_requested" | "account.deletion_cancelled" | "account.erased" | "account.exported" | "mfa.locked" | "org.created" | "org.updated" | "org.deleted" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "role.created" | "role.updated" | "role.deleted" | "apikey.created" | "apikey.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "oauth_client.created" | "oauth_client.updated" | "oauth_client.deleted" | "oauth_client.secret_rotated" | "user.profile_updated" | "admin.user_updated")[];
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** @description an https URL (http outside production) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whsec_ and base64: shown here only (and by rotatewebhooksecret) */
                        secret: string;
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1DeleteOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1DeleteOrgRole: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    roleId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1DeleteOrgWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1GetOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["MyOrganization"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1InviteOrgMember: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** @description owner, admin, member or a custom role of the organization */
                    role: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1LeaveOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    organizationId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgs: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: components["schemas"]["MyOrganization"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgApiKeys: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: components["schemas"]["ApiKey"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgInvitations: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: components["schemas"]["Invitation"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgMembers: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["Member"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgRoles: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        roles: components["schemas"]["Role"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description nextCursor of the previous page */
                    cursor?: string;
                    /** @default 50 */
                    limit?: number;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    status?: "pending" | "delivered" | "failed";
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        nextCursor: string | null;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListOrgWebhooks: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
        };
    };
    V1RedeliverOrgWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    deliveryId: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RemoveOrgMember: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RevokeOrgApiKey: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    apiKeyId: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: components["schemas"]["ApiKey"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RevokeOrgInvitation: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    invitationId: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RotateOrgWebhookSecret: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1TransferOrgOwnership: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["Member"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** @description 3 to 48 of a-z, 0-9 and - */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateOrgMember: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** @description owner, admin, member or a custom role of the organization */
                    role: string;
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateOrgRole: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin, member or a custom role of the organization */
                    name?: string;
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    permissions?: string[];
                    /** Format: uuid */
                    roleId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        role: components["schemas"]["Role"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateOrgWebhook: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description true enables a disabled endpoint again (its failures forgotten) */
                    enabled?: boolean;
                    events?: ("*" | "login.succeeded" | "login.failed" | "register" | "refresh.reuse_detected" | "refresh.reuse_allowed" | "logout" | "logoutall" | "session.revoked" | "sessions.revoked_others" | "email.verification_sent" | "email.verified" | "password.reset_requested" | "password.reset" | "password.changed" | "admin.user_deactivated" | "admin.user_activated" | "admin.user_deleted" | "admin.user_restored" | "admin.user_signed_out" | "admin.user_email_confirmed" | "mfa.enrolled" | "mfa.challenge_failed" | "mfa.verified" | "mfa.recovery_code_used" | "mfa.factor_removed" | "mfa.recovery_codes_regenerated" | "passkey.registered" | "passkey.login" | "passkey.clone_suspected" | "admin.user_factors_reset" | "oauth.signed_in" | "oauth.identity_linked" | "oauth.identity_unlinked" | "oauth.failed" | "signin_link.requested" | "signin_link.used" | "login.locked" | "email.change_requested" | "email.changed" | "account.claimed" | "account.deletion_requested" | "account.deletion_cancelled" | "account.erased" | "account.exported" | "mfa.locked" | "org.created" | "org.updated" | "org.deleted" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "role.created" | "role.updated" | "role.deleted" | "apikey.created" | "apikey.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "oauth_client.created" | "oauth_client.updated" | "oauth_client.deleted" | "oauth_client.secret_rotated" | "user.profile_updated" | "admin.user_updated")[];
                    /**
                     * Format: uuid
                     * @description required with a user token; an API key's own organization by default
                     */
                    organizationId?: string;
                    /** @description an https URL (http outside production) */
                    url?: string;
                    /** Format: uuid */
                    webhookId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        webhook: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
        };
    };
    V1CreatePost: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        post: components["schemas"]["Post"];
                        /** @enum {number} */
                        status: 201;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1Publish: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    postId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        post: components["schemas"]["Post"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobId: number;
                        /** @enum {number} */
                        status: 202;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PublishToRoom: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description any JSON, up to ROOM_MAX_MESSAGE (16 KiB) serialized */
                    data: unknown;
                    /** @description the event's name; `presence.` is reserved */
                    event: string;
                    /** @description `org:<organizationId>`, `org:<organizationId>:<name>`, `public:<name>`, `GLOBAL` or `USER<userId>` */
                    room: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedToRoom"];
                };
            };
        };
    };
    V1CancelDeletion: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token of the mailed link (its `token` query parameter: .../cancel-deletion?token=...) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The first step of a sign-in passed: answer with verifymfa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaRequired"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1ChangePassword: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ConfirmEmailChange: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the mailed link (its `token` query parameter) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["User"];
                    };
                };
            };
        };
    };
    V1DeleteAccount: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The current password; without it, the session must have signed in within the last 5 minutes */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAccountResponse"];
                };
            };
        };
    };
    V1EnrollTotp: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @description the QR code of `uri`, an SVG document */
                        qrSvg: string;
                        /** @description the base32 secret, for apps that cannot scan the QR code; shown this once */
                        secret: string;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        /** @description the otpauth:// URI the QR code holds */
                        uri: string;
                    };
                };
            };
        };
    };
    V1ExportData: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The current password; without it, the session must have signed in within the last 5 minutes */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
        };
    };
    V1ListAuthorizedApps: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: components["schemas"]["AuthorizedApp"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListFactors: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factors: components["schemas"]["Factor"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListIdentities: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        identities: components["schemas"]["Identity"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ListSessions: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: components["schemas"]["Session"][];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1Login: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The first step of a sign-in passed: answer with verifymfa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaRequired"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1Logout: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead */
                    refreshToken?: unknown;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1LogoutAll: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1LogoutOthers: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1Me: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["User"];
                    };
                };
            };
        };
    };
    V1OAuthAuthorize: {
        parameters: {
            query: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
                /** @description where the browser goes back with ?code= or ?error=; must start with PUBLIC_APP_URL (unset: PUBLIC_URL) or one of OAUTH_REDIRECT_URLS */
                redirectTo: string;
            };
            header?: never;
            path: {
                /** @description a provider name of OIDC_PROVIDERS */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description to the provider's authorization endpoint */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    V1OAuthCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
                state?: string;
            };
            header?: never;
            path: {
                /** @description a provider name of OIDC_PROVIDERS */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description to redirectTo with ?code= or ?error= */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    V1OAuthExchange: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the ?code= the callback sent the app (64 hex characters, 2 minutes, single use) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The first step of a sign-in passed: answer with verifymfa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaRequired"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1ListOAuthProviders: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            /** @description false while the provider cannot be discovered (its authorize answers 503) */
                            available: boolean;
                            /** @description OIDC_<N>_LABEL: what to show people */
                            label: string;
                            /** @description as in /v1/users/oauth/<name>/authorize */
                            name: string;
                        }[];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyLogin: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description the challengeId of passkeyloginoptions
                     */
                    challengeId: string;
                    response: components["schemas"]["AuthenticationResponseJSON"];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1PasskeyLoginOptions: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description to send back with the response to passkeylogin
                         */
                        challengeId: string;
                        /** @description PublicKeyCredentialRequestOptionsJSON for PublicKeyCredential.parseRequestOptionsFromJSON() */
                        options: {
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyRegister: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what the account calls this passkey (default Passkey) */
                    name?: string;
                    response: components["schemas"]["RegistrationResponseJSON"];
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1PasskeyRegisterOptions: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description PublicKeyCredentialCreationOptionsJSON for PublicKeyCredential.parseCreationOptionsFromJSON() */
                        options: {
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1Refresh: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead */
                    refreshToken?: unknown;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new token pair (the refresh token rotated) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokensRefreshed"];
                };
            };
        };
    };
    V1RegenerateRecoveryCodes: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ten recovery codes, each usable once; shown this once */
                        recoveryCodes: string[];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1Register: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description the family name, up to 60 characters */
                    familyName?: string | null;
                    /** @description the given name, up to 60 characters */
                    givenName?: string | null;
                    /** @description a BCP 47 language tag of a known language (en, pt-BR) */
                    locale?: string | null;
                    /** @description the full name, up to 100 characters */
                    name?: string | null;
                    password: string;
                    /** @description an https URL, up to 500 characters */
                    picture?: string | null;
                    /** @description the user's own JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep */
                    userMetadata?: {
                        [key: string]: unknown;
                    };
                    /** @description an IANA time zone (Europe/Paris, UTC) */
                    zoneinfo?: string | null;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1RemoveFactor: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    /** Format: uuid */
                    factorId: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RequestEmailChange: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    newEmail: string;
                    /** @description the current password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RequestEmailVerification: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RequestPasswordReset: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RequestSignInLink: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ResendVerification: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1ResetPassword: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description the token of the mailed link (its `token` query parameter) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RevokeAuthorizedApp: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1RevokeSession: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1SignInWithLink: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the mailed sign-in link (its `token` query parameter) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The first step of a sign-in passed: answer with verifymfa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaRequired"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1SwitchOrg: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the organization to act for; null: none */
                    organizationId: string | null;
                    /** @description the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead */
                    refreshToken?: unknown;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new token pair (the refresh token rotated) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokensRefreshed"];
                };
            };
        };
    };
    V1UnlinkIdentity: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    identityId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
    V1UpdateProfile: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the family name, up to 60 characters */
                    familyName?: string | null;
                    /** @description the given name, up to 60 characters */
                    givenName?: string | null;
                    /** @description a BCP 47 language tag of a known language (en, pt-BR) */
                    locale?: string | null;
                    /** @description the full name, up to 100 characters */
                    name?: string | null;
                    /** @description an https URL, up to 500 characters */
                    picture?: string | null;
                    /** @description the user's own JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep */
                    userMetadata?: {
                        [key: string]: unknown;
                    };
                    /** @description an IANA time zone (Europe/Paris, UTC) */
                    zoneinfo?: string | null;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["User"];
                    };
                };
            };
        };
    };
    V1VerifyEmail: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the mailed link (its `token` query parameter) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                        user: components["schemas"]["User"];
                    };
                };
            };
        };
    };
    V1VerifyMfa: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
                /** @description Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent. */
                "X-Platform"?: components["parameters"]["X-Platform"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code?: string;
                    /** Format: uuid */
                    factorId?: string;
                    /** @description the mfaToken of the login answer (64 hex characters) */
                    mfaToken: string;
                    /** @description one of the recovery codes (10 characters) */
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A new session: its token pair */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokens"];
                };
            };
        };
    };
    V1VerifyTotp: {
        parameters: {
            query?: {
                /** @description The language of messages: en, es (a tag like es-MX counts as es; also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action. */
                lang?: components["parameters"]["lang"];
            };
            header?: {
                /** @description The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it. */
                "X-Client"?: components["parameters"]["X-Client"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code of the authenticator app */
                    code: string;
                    /** Format: uuid */
                    factorId: string;
                };
            };
        };
        responses: {
            /** @description Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action's own codes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        factor: components["schemas"]["Factor"];
                        /** @description ten recovery codes, each usable once; shown this once */
                        recoveryCodes: string[];
                        /** @enum {number} */
                        status: 200;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
        };
    };
}
