/**
 * What a business registration certificate shows (issue 2 §6). Dates are AD 'YYYY-MM-DD';
 * the renderer shows them as BS. Capital is paisa. `owners` lists every owner (issue 17 §5):
 * the partners of a multiple-owner registration by position (at most 4, SPEC §5), else the
 * one owner of the application; `ownerName`/`fatherOrHusbandName` stay the application's own.
 */
import { z } from 'zod';
import { officeSchema } from './settings.js';

const bi = z.object({ en: z.string(), ne: z.string() });

export const certificateViewSchema = z.object({
  applicationId: z.number(),
  registrationNo: z.string(),
  verifyCode: z.string(),
  fiscalYear: bi,
  palika: z.object({
    name: bi,
    category: bi,
    district: bi,
    province: bi,
    /** the palika's name as its settings give it (issue 17 §6), e.g. 'Lalitpur Metropolitan City' */
    title: bi,
    /** the palika's emblem (GET /api/settings/emblem?v=…) */
    emblemUrl: z.string(),
    office: officeSchema,
  }),
  ward: z.object({
    number: z.number(),
    name: bi,
    chairName: bi,
    secretaryName: bi,
    address: bi,
  }),
  businessName: z.string(),
  ownerName: z.string(),
  fatherOrHusbandName: z.string(),
  owners: z
    .array(z.object({ name: z.string(), fatherOrHusbandName: z.string().nullable() }))
    .min(1),
  firmName: z.string().nullable(),
  businessType: bi,
  description: z.string().nullable(),
  location: z.object({ address: z.string(), tole: z.string().nullable(), mobile: z.string() }),
  permanentAddress: z.object({
    province: bi,
    district: bi,
    city: bi,
    wardNo: z.number(),
    tole: z.string().nullable(),
    chowk: z.string().nullable(),
  }),
  capital: z.object({ max: z.number(), current: z.number(), paidUp: z.number() }),
  registrationDate: z.string(),
  expiryDate: z.string(),
  issuedAt: z.string(),
  revoked: z.boolean(),
  /**
   * issue 19: the first issue, a new version after an amendment (printed "संशोधित / Amended")
   * or a duplicate (printed "प्रतिलिपि / DUPLICATE"), each with its issue date
   */
  kind: z.enum(['issue', 'amendment', 'duplicate']).optional(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;
