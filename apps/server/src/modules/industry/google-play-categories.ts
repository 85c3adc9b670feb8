/**
 * The Google Play categories (apps and games) as the two-level industry list of spec §3 (parent_id
 * −1 = first level). Ids are fixed: 1 Apps, 2 Games; apps' categories 101…, games' 201….
 */
type Category = { id: number; parent_id: number; name_en: string; name_zh: string; sort: number };

const appCategories: [string, string][] = [
  ['Art & Design', '艺术与设计'],
  ['Auto & Vehicles', '汽车与交通工具'],
  ['Beauty', '美容'],
  ['Books & Reference', '图书与工具书'],
  ['Business', '商务'],
  ['Comics', '漫画'],
  ['Communication', '通讯'],
  ['Dating', '约会'],
  ['Education', '教育'],
  ['Entertainment', '娱乐'],
  ['Events', '活动'],
  ['Finance', '财务'],
  ['Food & Drink', '美食佳饮'],
  ['Health & Fitness', '健康与健身'],
  ['House & Home', '居家'],
  ['Libraries & Demo', '软件库与演示'],
  ['Lifestyle', '生活时尚'],
  ['Maps & Navigation', '地图与导航'],
  ['Medical', '医疗'],
  ['Music & Audio', '音乐与音频'],
  ['News & Magazines', '新闻杂志'],
  ['Parenting', '育儿'],
  ['Personalization', '个性化'],
  ['Photography', '摄影'],
  ['Productivity', '效率'],
  ['Shopping', '购物'],
  ['Social', '社交'],
  ['Sports', '体育'],
  ['Tools', '工具'],
  ['Travel & Local', '旅游与本地出行'],
  ['Video Players & Editors', '视频播放器与编辑器'],
  ['Weather', '天气'],
];

const gameCategories: [string, string][] = [
  ['Action', '动作'],
  ['Adventure', '冒险'],
  ['Arcade', '街机'],
  ['Board', '棋盘'],
  ['Card', '卡牌'],
  ['Casino', '娱乐场'],
  ['Casual', '休闲'],
  ['Educational', '教育'],
  ['Music', '音乐'],
  ['Puzzle', '益智'],
  ['Racing', '竞速'],
  ['Role Playing', '角色扮演'],
  ['Simulation', '模拟'],
  ['Sports', '体育'],
  ['Strategy', '策略'],
  ['Trivia', '问答'],
  ['Word', '字词'],
];

export const APPS_ROOT = 1;
export const GAMES_ROOT = 2;

/** Every category, first level first. */
export const googlePlayCategories: Category[] = [
  { id: APPS_ROOT, parent_id: -1, name_en: 'Apps', name_zh: '应用', sort: 1 },
  { id: GAMES_ROOT, parent_id: -1, name_en: 'Games', name_zh: '游戏', sort: 2 },
  ...appCategories.map(([en, zh], i) => ({
    id: 101 + i,
    parent_id: APPS_ROOT,
    name_en: en,
    name_zh: zh,
    sort: i + 1,
  })),
  ...gameCategories.map(([en, zh], i) => ({
    id: 201 + i,
    parent_id: GAMES_ROOT,
    name_en: en,
    name_zh: zh,
    sort: i + 1,
  })),
];
