import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's log lines without the two that every request writes ("incoming request", "request
 * completed"), for `REQUEST_LOGS` off: a developer's terminal keeps the start-up summary in view. A
 * request that fails still logs its error, as do the error handler and anything a route logs itself.
 */
export class QuietRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}
