// "No fish background on this page": a toggle in the block editor's document sidebar, kept in the post's
// `_mirofish_off` meta (includes/page-switch.php registers it). Plain script against the wp.* globals.
(function (wp) {
  'use strict';
  const Panel =
    (wp.editor && wp.editor.PluginDocumentSettingPanel) || (wp.editPost && wp.editPost.PluginDocumentSettingPanel);
  if (!Panel) return;
  const { createElement: el } = wp.element;
  const { ToggleControl } = wp.components;
  const { useSelect } = wp.data;
  const { useEntityProp } = wp.coreData;
  const { __ } = wp.i18n;

  function PageSwitch() {
    const postType = useSelect((select) => select('core/editor').getCurrentPostType(), []);
    const [meta, setMeta] = useEntityProp('postType', postType, 'meta');
    if (!meta || !('_mirofish_off' in meta)) return null; // a post type without custom fields has no such meta
    return el(
      Panel,
      { name: 'mirofish-page-switch', title: __('Fish background', 'mirofish') },
      el(ToggleControl, {
        label: __('No fish background on this page', 'mirofish'),
        help: __(
          'The site-wide background (Settings, MiroFish) stays off here; a MiroFish block still shows.',
          'mirofish',
        ),
        checked: !!meta._mirofish_off,
        onChange: (off) => setMeta(Object.assign({}, meta, { _mirofish_off: off })),
      }),
    );
  }

  wp.plugins.registerPlugin('mirofish-page-switch', { render: PageSwitch });
})(window.wp);
