import { staffVerifyOtp } from '@portal/contract/console';
import { callConsole } from '../../../lib/console-api.ts';

/** Checks the code; a wrong, used or expired one answers `status: false` with the server's message. */
export const verifyStaffCode = (otpRef: string, otp: string) => callConsole(staffVerifyOtp, { otp_ref: otpRef, otp });
