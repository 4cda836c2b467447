// Types of client-errors.mjs (plain JavaScript, like hosts.mjs).
import type { Socket } from 'node:net';
export declare function clientErrorAnswer(
  error: { code?: string; rawPacket?: unknown },
  method?: string,
): {
  status: number;
  raw: string;
};
export declare function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void;
