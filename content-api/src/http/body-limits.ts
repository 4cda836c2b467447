// The largest request bodies the API reads, from one place (security round 4, finding 4): a
// proxy in front of it must let through at least API_MAX_BODY_BYTES on /api (the edge's
// client_max_body_size), or an upload the API takes is refused before it arrives.
import { IMAGE_UPLOAD_MAX_BYTES, SUBSCRIBER_IMPORT_MAX_BYTES } from '@portfolio/contract';

/** Room for the multipart envelope (boundaries, part headers) around the largest file. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
/** An image upload's whole body: the largest file (20 MiB) and its envelope. */
export const IMAGE_UPLOAD_BODY_BYTES = IMAGE_UPLOAD_MAX_BYTES + MULTIPART_ENVELOPE_BYTES;
/** Every other JSON body (an article is the largest); Fastify's default, said here. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** A subscribers' import: a CSV file's text in a JSON body (docs/decisions/215). */
export const SUBSCRIBER_IMPORT_BODY_BYTES = SUBSCRIBER_IMPORT_MAX_BYTES;
/** The most any request to the API may carry: 21,037,056 bytes. */
export const API_MAX_BODY_BYTES = Math.max(
  IMAGE_UPLOAD_BODY_BYTES,
  JSON_BODY_LIMIT_BYTES,
  SUBSCRIBER_IMPORT_BODY_BYTES,
);
