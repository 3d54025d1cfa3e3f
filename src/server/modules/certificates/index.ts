/**
 * Certificates module: the public API other modules import. PDF printing (PdfRenderer, a shared
 * headless Chromium) and the self-contained HTML documents it prints: the registration
 * certificate (A4) and the payment receipt (A5).
 */
export { PdfRenderer, PdfRenderTimeoutError, type PdfRendererOptions } from './pdf.js';
export { renderCertificateHtml } from './templates/certificate.js';
export { renderReceiptHtml } from './templates/receipt.js';
export { issueCertificate, revokeCertificate, verifyCode } from './issue.js';
export { publicVerification } from './verification.js';
export { certificateView } from './view.js';
export { acknowledgementView, type AcknowledgementView } from './acknowledgement.js';
export { renderAcknowledgementHtml } from './templates/acknowledgement.js';
export { publicTracking, trackCode, trackedId } from './tracking.js';
