/**
 * A test app wired to both gateway simulators (scripts/gateway-simulators.ts), for the payment
 * tests and the money model: the app's payments config points at the simulators, the re-check
 * job is left to the tests.
 */
import {
  ESEWA_TEST,
  KHALTI_TEST,
  startEsewaSimulator,
  startKhaltiSimulator,
  type EsewaSim,
  type KhaltiSim,
} from '../../scripts/gateway-simulators.js';
import { buildTestApp, type TestContext } from './helper.js';

export interface PaymentsTestContext {
  t: TestContext;
  esewa: EsewaSim;
  khalti: KhaltiSim;
  close(): Promise<void>;
}

/** Starts the simulators and a test app that pays through them. */
export async function buildPaymentsTestApp(): Promise<PaymentsTestContext> {
  const esewa = await startEsewaSimulator();
  const khalti = await startKhaltiSimulator();
  const t = await buildTestApp({
    config: {
      payments: {
        simulate: true,
        recheckMs: 0,
        esewa: { formUrl: esewa.url, statusUrl: esewa.url, ...ESEWA_TEST },
        khalti: { baseUrl: khalti.url, secretKey: KHALTI_TEST.secretKey },
      },
    },
  });
  return {
    t,
    esewa,
    khalti,
    close: async () => {
      await t.close();
      await esewa.close();
      await khalti.close();
    },
  };
}
