/**
 * Confetti once when a group's league has ended (the podium): fired the first time the final
 * podium is shown in this browser for the group, never when the person prefers reduced motion.
 */
import confetti from 'canvas-confetti';

/** localStorage key remembering that a group's end was celebrated here. */
const key = (groupId: string) => `palpite.celebrated.${groupId}`;

/** Fires the confetti for `groupId` unless already done here or motion is reduced; returns whether it fired. */
export function celebrateOnce(groupId: string): boolean {
  if (localStorage.getItem(key(groupId))) return false;
  localStorage.setItem(key(groupId), new Date().toISOString());
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
  void confetti({ particleCount: 140, spread: 80, origin: { y: 0.35 }, disableForReducedMotion: true });
  return true;
}
