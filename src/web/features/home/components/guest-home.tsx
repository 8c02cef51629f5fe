/**
 * The home page for a visitor: what Palpite is, how it works in three steps, how scoring works (with a
 * worked example), the leagues on offer and the way in (Sign Up, Login). Text and inline SVG only: this
 * is the landing page, kept light.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { paths } from '../../../config/paths';
import { GroupIcon, PredictIcon, TrophyIcon } from './icons';
import { LeagueList } from './league-list';
import { ScoringGuide } from './scoring-guide';

const STEPS: { key: 'group' | 'predict' | 'ranking'; icon: ReactNode }[] = [
  { key: 'group', icon: <GroupIcon /> },
  { key: 'predict', icon: <PredictIcon /> },
  { key: 'ranking', icon: <TrophyIcon /> },
];

const onDark = 'inline-flex items-center justify-center rounded-lg px-5 py-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** Sign Up (→ /register) and Login (→ /login) on the dark emerald hero and closing band. */
function SignUpActions() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.register} className={`${onDark} bg-white text-emerald-900 shadow-sm hover:bg-emerald-50`}>{t('home.guest.signUp')}</Link>
      <Link to={paths.login} className={`${onDark} text-white ring-1 ring-inset ring-white/60 hover:bg-white/10`}>{t('home.guest.login')}</Link>
    </div>
  );
}

/** The visitor's home page (h1 in the hero, then h2 sections). */
export function GuestHome() {
  const { t } = useTranslation();
  return (
    <div className="space-y-10">
      <section className="rounded-3xl bg-gradient-to-br from-emerald-700 to-emerald-900 px-5 py-8 text-white shadow-lg desk:px-8 desk:py-10">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-100">{t('home.guest.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-extrabold leading-tight tracking-tight desk:text-4xl">{t('home.guest.heroTitle')}</h1>
        <p className="mt-3 max-w-xl text-emerald-50">{t('home.guest.heroBody')}</p>
        <div className="mt-6"><SignUpActions /></div>
        <p className="mt-4 text-sm text-emerald-100">{t('home.guest.free')}</p>
      </section>

      <section aria-labelledby="home-steps" className="space-y-4">
        <h2 id="home-steps" className="text-xl font-bold text-slate-900">{t('home.guest.stepsTitle')}</h2>
        <ol className="grid grid-cols-1 gap-3 desk:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.key} className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 desk:flex-col desk:gap-3">
              <span className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-800">
                {step.icon}
                <span className="absolute -right-1.5 -top-1.5 flex h-5 w-5 items-center justify-center rounded-full bg-emerald-700 text-xs font-bold text-white" aria-hidden="true">{index + 1}</span>
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{t(`home.guest.steps.${step.key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`home.guest.steps.${step.key}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <ScoringGuide />

      <LeagueList />

      <section aria-labelledby="home-cta" className="rounded-3xl bg-emerald-900 px-5 py-8 text-white desk:px-8">
        <h2 id="home-cta" className="text-2xl font-bold">{t('home.guest.ctaTitle')}</h2>
        <p className="mt-2 max-w-xl text-emerald-50">{t('home.guest.ctaBody')}</p>
        <div className="mt-5"><SignUpActions /></div>
      </section>
    </div>
  );
}
