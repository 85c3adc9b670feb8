import { describe, expect, it } from 'vitest';
import { knownPrefixes, prefixesIn, trimAntdCss } from './antd-css.ts';

describe('prefixesIn', () => {
  it("reads the prefixes an antd module's source names", () => {
    const source = `const prefixCls = getPrefixCls('btn', customizePrefixCls);
      const inputCls = getPrefixCls("input-number");
      export const floatButtonPrefixCls = 'float-btn';
      const defaultPrefixCls = 'ant';`;
    expect(prefixesIn(source)).toEqual(['btn', 'input-number', 'float-btn']);
  });

  it('finds the prefixes of antd 6 itself, the longer ones too', () => {
    const known = knownPrefixes();
    for (const p of [
      'btn',
      'picker',
      'table',
      'select',
      'input',
      'input-number',
      'layout-sider',
      'float-btn',
    ])
      expect(known.has(p)).toBe(true);
  });
});

describe('trimAntdCss', () => {
  const known = new Set(['btn', 'input', 'input-number', 'steps', 'select']);
  const used = new Set(['btn', 'input', 'select']);
  const css = [
    '.css-var-r0{--ant-color-primary:#1f5eff}',
    '.ant-btn{color:red}',
    '.ant-steps-item{color:blue}',
    '.ant-input-number-handler{display:none}',
    '.ant-input-affix-wrapper{display:flex}',
    '.ant-steps .ant-btn,.ant-steps-item-icon{margin:0}',
    '.ant-steps-css-var [class^="ant-steps"]{box-sizing:border-box}',
    '.ant-slide-up-enter{opacity:0}',
    '@media (max-width:575px){.ant-steps{display:block}.ant-select{width:100%}}',
    '@media (max-width:767px){.ant-steps-vertical{display:block}}',
    '@keyframes antSlideUpIn{0%{opacity:0}to{opacity:1}}',
  ].join('');

  it('drops selectors whose every antd class is of a known, unused component, and keeps the rest', () => {
    const { css: out, dropped } = trimAntdCss(css, used, known);
    expect(out).toContain('.css-var-r0{--ant-color-primary:#1f5eff}');
    expect(out).toContain('.ant-btn{color:red}');
    expect(out).toContain('.ant-input-affix-wrapper{display:flex}');
    // a selector mixing a used and an unused component's class stays; its unused sibling goes
    expect(out).toContain('.ant-steps .ant-btn{margin:0}');
    expect(out).not.toContain('.ant-steps-item-icon');
    // the longest prefix decides: input-number is not input
    expect(out).not.toContain('input-number');
    expect(out).not.toContain('.ant-steps-item{');
    expect(out).not.toContain('[class^="ant-steps"]');
    // classes of no component (motion) and keyframes stay; emptied @media blocks go
    expect(out).toContain('.ant-slide-up-enter{opacity:0}');
    expect(out).toContain('@keyframes antSlideUpIn{0%{opacity:0}to{opacity:1}}');
    expect(out).toContain('@media (max-width:575px){.ant-select{width:100%}}');
    expect(out).not.toContain('max-width:767px');
    expect(dropped).toBe(6);
  });

  it('keeps everything when every component is used', () => {
    expect(trimAntdCss(css, known, known)).toEqual({ css, dropped: 0 });
  });
});
