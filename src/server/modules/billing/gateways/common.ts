/**
 * What the two payment gateways share: the error every network or protocol failure becomes
 * (callers leave the payment pending and the re-check job asks again), and the JSON call with
 * a 10 s timeout.
 *
 * A GatewayError means "no usable answer, ask again later" — never "the payment failed". Only a
 * documented final answer closes a payment (issue 15 §2).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** the HTTP status of the answer, or null when there was no answer at all */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** How long a gateway call may take before it counts as a failure (ms). */
const TIMEOUT_MS = 10_000;

/** A gateway's answer as it came: its HTTP status, the JSON object (null if none) and the text. */
export interface GatewayAnswer {
  httpStatus: number;
  body: Record<string, unknown> | null;
  text: string;
}

/**
 * A request to a gateway whatever its HTTP status (Khalti answers some final states with 400);
 * GatewayError only when there is no answer (network error, timeout).
 */
export async function callGateway(url: string, init: RequestInit): Promise<GatewayAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await res.text();
  } catch (e) {
    throw new GatewayError(`gateway unreachable: ${(e as Error).name}`);
  }
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { httpStatus: res.status, body, text };
}

/** A JSON request to a gateway; GatewayError on no answer, a non-JSON answer or a non-2xx status. */
export async function callJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const a = await callGateway(url, init);
  if (!a.body)
    throw new GatewayError(`gateway answered ${a.httpStatus} without JSON`, a.httpStatus);
  if (a.httpStatus < 200 || a.httpStatus > 299)
    throw new GatewayError(
      `gateway answered ${a.httpStatus}: ${a.text.slice(0, 200)}`,
      a.httpStatus,
    );
  return a.body;
}
