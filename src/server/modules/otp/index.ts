/** OTP module: one-time SMS codes for registration and password recovery (service.ts, sms.ts). */
export { OtpService } from './service.js';
export { otpSmsText } from './sms.js';
