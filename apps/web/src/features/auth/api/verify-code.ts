import { verifyOtp } from '@portal/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** Checks the code; a wrong, used or expired code answers `status: false` with the server's message. */
export const verifyCode = (otpRef: string, otp: string) => callApi(verifyOtp, { otp_ref: otpRef, otp });
