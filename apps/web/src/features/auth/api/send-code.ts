import { login, resendOtp } from '@portal/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** Asks the server to text a code to a number; answers the reference of this sign-in and the resend wait. */
export async function sendCode(phoneCode: string, mobile: string) {
  return (await callApi(login, { phone_code: phoneCode, mobile })).data;
}

/** A new code for the same sign-in, after the cool-down; the reference changes. */
export async function resendCode(otpRef: string) {
  return (await callApi(resendOtp, { otp_ref: otpRef })).data;
}
