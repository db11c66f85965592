// The MiroFish block in the editor: the same <miro-fish> the page gets, live in the editor's canvas (an iframe where
// WordPress makes one: this script adds mirofish.js to whichever document holds the block), its options in the
// sidebar. An option changed there changes the element's attribute, which the school applies at once (set()).
// Plain script against the wp.* globals (no build step): what ships is what is reviewed.
(function (wp, data) {
  'use strict';
  const { registerBlockType } = wp.blocks;
  const { createElement: el, Fragment, useEffect, useRef } = wp.element;
  const { useBlockProps, useInnerBlocksProps, InnerBlocks, InspectorControls } = wp.blockEditor;
  const { PanelBody, RangeControl, SelectControl, TextControl, ToggleControl } = wp.components;
  const { __ } = wp.i18n;
  const table = data.table;

  // mirofish.js in the document that shows the block (once per document), with data-auto="false": the editor gets
  // the block's school, never a page background.
  function ensureLoader(doc) {
    if (!doc || doc.querySelector('script[data-mirofish-editor]')) return;
    const win = doc.defaultView;
    if (win && win.customElements && win.customElements.get('miro-fish')) return;
    const script = doc.createElement('script');
    script.src = data.src;
    script.setAttribute('data-auto', 'false');
    script.setAttribute('data-mirofish-editor', '');
    (doc.head || doc.documentElement).appendChild(script);
  }

  // The element's attributes from the block's: strings, in the element's kebab case; an option left unset is left
  // off (the element's default). The server renders the same (render.php).
  function elementAttributes(a) {
    const out = {};
    for (const name of Object.keys(table)) {
      const v = a[name];
      if (v === undefined || v === null || v === '') continue;
      out[name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
    }
    return out;
  }

  // A typed number within the table's range, or undefined (the default) for a blank or a non-number.
  function typedNumber(name, text) {
    const info = table[name];
    if (String(text).trim() === '') return undefined;
    const v = Number(text);
    if (!Number.isFinite(v)) return undefined;
    const q = info.integer ? Math.round(v) : v;
    return Math.min(info.max, Math.max(info.min, q));
  }

  function select(name, a, set) {
    const info = table[name];
    return el(SelectControl, {
      label: info.label,
      help: info.help,
      value: a[name] === undefined ? info.values[info.def] : a[name],
      options: info.values.map((v) => ({ label: v, value: v })),
      onChange: (v) => set({ [name]: v }),
    });
  }

  function range(name, a, set, step) {
    const info = table[name];
    return el(RangeControl, {
      label: info.label,
      help: info.help,
      value: a[name] === undefined ? info.def : a[name],
      min: info.min,
      max: info.max,
      step,
      allowReset: true,
      onChange: (v) => set({ [name]: v === undefined ? undefined : typedNumber(name, v) }),
    });
  }

  function numberBox(name, a, set) {
    const info = table[name];
    return el(TextControl, {
      label: info.label,
      help: info.help,
      type: 'number',
      min: info.min,
      max: info.max,
      value: a[name] === undefined ? '' : String(a[name]),
      onChange: (v) => set({ [name]: typedNumber(name, v) }),
    });
  }

  function toggle(name, a, set) {
    const info = table[name];
    return el(ToggleControl, {
      label: info.label,
      help: info.help,
      checked: !!a[name],
      onChange: (v) => set({ [name]: v }),
    });
  }

  // One option's control, as block.php's mirofish_block_control() names it.
  function control(name, a, set) {
    const info = table[name];
    const made =
      info.control === 'select'
        ? select(name, a, set)
        : info.control === 'toggle'
          ? toggle(name, a, set)
          : info.control === 'number'
            ? numberBox(name, a, set)
            : range(name, a, set, info.integer || info.max - info.min > 1 ? 1 : 0.01);
    return el(Fragment, { key: name }, made);
  }

  function Sidebar(props) {
    const a = props.attributes;
    const set = props.setAttributes;
    const px = a.heightUnit === 'px';
    return el(
      InspectorControls,
      null,
      el(
        PanelBody,
        { title: __('The school', 'mirofish') },
        // every option the server's table sends, in its order, each as its control (block.php)
        ...Object.keys(table).map((name) => control(name, a, set)),
      ),
      el(
        PanelBody,
        { title: __('Size', 'mirofish') },
        el(RangeControl, {
          label: __('Height', 'mirofish'),
          value: a.height,
          min: px ? 40 : 1,
          max: px ? 4000 : 100,
          onChange: (v) => set({ height: v === undefined ? 60 : v }),
        }),
        el(SelectControl, {
          label: __('Unit', 'mirofish'),
          value: px ? 'px' : 'vh',
          options: [
            { label: __('% of the screen’s height (vh)', 'mirofish'), value: 'vh' },
            { label: __('pixels', 'mirofish'), value: 'px' },
          ],
          onChange: (v) => set({ heightUnit: v, height: v === 'px' ? 480 : 60 }),
        }),
      ),
    );
  }

  function Edit(props) {
    const a = props.attributes;
    const ref = useRef(null);
    useEffect(() => {
      ensureLoader(ref.current && ref.current.ownerDocument);
    }, []);
    const height = a.height + (a.heightUnit === 'px' ? 'px' : 'vh');
    const blockProps = useBlockProps({ style: { position: 'relative', minHeight: height } });
    const inner = useInnerBlocksProps(
      { className: 'wp-block-mirofish-school__content', style: { position: 'relative' } },
      {
        template: [
          ['core/heading', { placeholder: __('A heading over the fish', 'mirofish') }],
          ['core/paragraph', { placeholder: __('Any blocks you like sit over the school.', 'mirofish') }],
        ],
      },
    );
    return el(
      Fragment,
      null,
      el(Sidebar, props),
      el(
        'div',
        blockProps,
        el('miro-fish', Object.assign({ ref, style: { position: 'absolute', inset: 0 } }, elementAttributes(a))),
        el('div', inner),
      ),
    );
  }

  registerBlockType('mirofish/school', {
    edit: Edit,
    save: () => el(InnerBlocks.Content),
  });
})(window.wp, window.mirofishBlock);
