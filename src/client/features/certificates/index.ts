/**
 * Certificates (the server's `certificates` module): the certificate page, the public
 * verification page a certificate's QR code opens, and revoking a certificate.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router lazy-loads each page by
 * file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export { RevokeCertificateButton, RevokeCertificateDialog } from './RevokeCertificateButton';
