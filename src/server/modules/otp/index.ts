/** OTP module: one-time SMS codes for registration and password recovery (service.ts). */
export { OtpService } from './service.js';
