/** Invite codes: INVITE_CODE_LENGTH characters from INVITE_CODE_ALPHABET, drawn with crypto. */
import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../../../contracts/groups';

/** A fresh random invite code such as "K7QX2MPA" (31^8 ≈ 8.5·10^11 possibilities). */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}
