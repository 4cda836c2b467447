// Schema pieces shared by several route groups. Entities, bodies and queries are the API's
// contract (@portfolio/contract, docs/decisions/052); what is here only concerns this server.
import { Object as ObjectOf } from '@sinclair/typebox';

export {
  IdParamsSchema as idParamsSchema,
  MessageSchema as messageSchema,
} from '@portfolio/contract';

/**
 * For reads that take no query parameters: an unknown one is a 400, so nobody can bypass the
 * response cache (or fill it) with `?nonce=…`.
 */
export const noQuerySchema = ObjectOf({}, { additionalProperties: false });
