import { staffLogin, staffResendOtp } from '@portal/contract/console';
import { callConsole } from '../../../lib/console-api.ts';

/** Texts a sign-in code to a staff member's number; answers the reference of this sign-in and the resend wait. */
export const sendStaffCode = async (mobile: string) => (await callConsole(staffLogin, { mobile })).data;

export const resendStaffCode = async (otpRef: string) => (await callConsole(staffResendOtp, { otp_ref: otpRef })).data;
