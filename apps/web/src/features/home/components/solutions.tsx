/** Advertising and gaming solutions (spec §1): two sections of feature cards. */
import {
  BarChartOutlined,
  CoffeeOutlined,
  FundOutlined,
  GiftOutlined,
  LayoutOutlined,
  PlayCircleOutlined,
  ShareAltOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Card = { key: string; icon: ReactNode };

const adCards: Card[] = [
  { key: 'formats', icon: <LayoutOutlined aria-hidden /> },
  { key: 'rtb', icon: <ThunderboltOutlined aria-hidden /> },
  { key: 'affiliate', icon: <ShareAltOutlined aria-hidden /> },
  { key: 'reporting', icon: <BarChartOutlined aria-hidden /> },
];

const gameCards: Card[] = [
  { key: 'rewarded', icon: <GiftOutlined aria-hidden /> },
  { key: 'breaks', icon: <CoffeeOutlined aria-hidden /> },
  { key: 'centre', icon: <PlayCircleOutlined aria-hidden /> },
  { key: 'insights', icon: <FundOutlined aria-hidden /> },
];

/** One section: heading, intro and cards whose texts are marketing:<ns>.<key>.{title,body}. */
function SolutionSection({ id, ns, cards }: { id: string; ns: 'ads' | 'games'; cards: Card[] }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="mk-section" id={id} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{t(`${ns}.title`)}</h2>
      <p className="mk-section-intro">{t(`${ns}.intro`)}</p>
      <ul className="mk-cards">
        {cards.map((c) => (
          <li key={c.key} className="mk-card">
            <span className={`mk-card-icon mk-card-icon-${ns}`}>{c.icon}</span>
            <h3>{t(`${ns}.${c.key}.title`)}</h3>
            <p>{t(`${ns}.${c.key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Advertising solutions, then gaming solutions. */
export function Solutions() {
  return (
    <div id="home-solutions">
      <SolutionSection id="home-ads" ns="ads" cards={adCards} />
      <SolutionSection id="home-games" ns="games" cards={gameCards} />
    </div>
  );
}
