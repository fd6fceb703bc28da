// Stable error codes with the spec's English texts (sections 5 and 8). The API answers
// { code, message }; the UI shows the translation of the code (messages/*.json, namespace Errors).

export const ERROR_MESSAGES = {
  VALIDATION_STORE: 'Please select a store',
  VALIDATION_WEIGHT: 'Please enter a valid weight',
  VALIDATION_CATEGORIES: 'Please check categories add up to 100%',
  VALIDATION_DATE: 'The selected date has been closed for reporting',
  VALIDATION_DATE_PREVIOUS_YEAR: 'The selected date has been closed for reporting',
  VALIDATION_DATE_FORMAT: 'Invalid date format',
  VALIDATION_YEAR_RANGE: 'Invalid year',
  VALIDATION_SOURCE: 'Please select a source',
  VALIDATION_UNIT: 'Please select a unit',
  VALIDATION_CATEGORY: 'Unknown category',
  VALIDATION_CAMPAIGN: 'Unknown program',
  MONTH_ALREADY_SUBMITTED: 'month already submitted',
  SUBMIT_FUTURE_MONTH: 'This month has not started yet and cannot be submitted.',
  ORG_NAME_VALIDATE: 'Please enter a name',
  ORG_PHONE_VALIDATE: 'Please enter a phone number',
  ORG_EMAIL_VALIDATE: 'Please enter a valid email',
  ORG_ADDRESS_VALIDATE: 'Please enter an address',
  ORG_CITY_VALIDATE: 'Please enter a city',
  ORG_POSTAL_CODE_VALIDATE: 'Please enter a postal code',
  PWD_OLD_VALIDATE: 'Please enter your old password',
  PWD_NEW_VALIDATE: 'Please enter a valid password',
  PWD_CONFIRM_VALIDATE: 'Please enter a valid password matching your new password',
  NOTE_PWD_UPDATE_FORBID_FAILED: 'not allowed to change password. Please contact your administrator',
  NOTE_PWD_UPDATE_INVALID_OLD: 'Invalid old password. Please try again shortly.',
  NOTE_PWD_UPDATE_NOT_FOUND_FAILED: 'User not found. Please try again shortly.',
  FORGOT_INVALID_USERNAME: 'Invalid username.',
  FORGOT_NOT_ALLOWED: 'You are not allowed to reset your password. Please contact your administrator for more information.',
  FORGOT_INVALID_EMAIL: 'Invalid Email Format',
  LOGIN_INVALID: 'Invalid username or password.',
  LOGIN_TOO_MANY: 'Too many failed login attempts. Please wait a few minutes and try again.',
  LOGIN_NO_BRANCH: 'You are not assigned to any branches. Please have an administrator assign you a branch.',
  SSO_AUTHENTICATE_AGAIN: 'You have to authenticate again. Please follow the instruction below.',
  SSO_UNKNOWN_USER: 'No account matches this sign-in. Please ask an administrator to create your account.',
  SSO_PROVIDER_DISABLED: 'This sign-in method is not enabled.',
  SSO_PROVIDER_UNAVAILABLE: 'The sign-in service cannot be reached. Please try again shortly.',
  EMBEDDED_MODE_DISABLED: 'Sign-in from the chat tool is not enabled.',
  EMBEDDED_NOT_LINKED: 'Your chat account is not linked to an account yet. Enter your username to receive a one-time code by e-mail.',
  CHALLENGE_TOO_MANY: 'Too many codes requested. Please wait an hour and try again.',
  CHALLENGE_MAIL_FAILED: 'The code could not be sent. Please try again shortly.',
  UNAUTHORIZED: 'Authentication required.',
  NOT_FOUND: 'Not found.',
  BAD_REQUEST: 'Invalid request.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  ORG_PROVINCE_VALIDATE: 'Please select a province',
  NOTE_ORG_UPDATE_FAILED: 'Error updating organization details. Please try again shortly.',
  NOTE_PWD_UPDATE_OTHER_FAILED: 'Error updating password. Please try again shortly.',
  FORGOT_USERNAME_REQUIRED: 'Please enter your username.',
  FORGOT_SEND_FAILED: 'Error sending reset password email. Please try again shortly.',
  FORGOT_TOO_MANY: 'Too many password reset requests. Please wait a few minutes and try again.',
  FEEDBACK_MESSAGE_VALIDATE: 'Please enter a message',
  NOTE_FEEDBACK_ERROR: 'Error sending feedback. Please try again shortly.',
  INTERNAL: 'Unexpected error. Please try again shortly.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export type ApiErrorBody = { code: ErrorCode; message: string; field?: string };

export function apiError(code: ErrorCode, field?: string): ApiErrorBody {
  return field ? { code, message: ERROR_MESSAGES[code], field } : { code, message: ERROR_MESSAGES[code] };
}
