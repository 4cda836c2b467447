// The one typed client for the content API (`@portfolio/shared/api-client`). Every page call goes
// through it, so the base address, timeouts and the error handling of
// docs/product.md#content-api live in one place (./transport.ts); each file beside it holds the
// calls of one part of the API.
export {
  ApiError,
  ApiUnreachableError,
  UnexpectedResponseError,
  TOTAL_COUNT_HEADER,
  imageUrl,
} from './transport';
export type {
  ApiTransport,
  ContentRequestOptions,
  ListPage,
  PageRequest,
  RequestOptions,
} from './transport';
export * from './content';
export * from './contact';
export * from './comments';
export * from './newsletter';
export * from './members';
export * from './admin-content';
export * from './insights';
