import { render } from 'preact'
import { html } from 'htm/preact'

/** Placeholder: the page is built on the SDK (client/sdk/). */
render(html`<h1>Latchkey admin console</h1>`, document.getElementById('app')!)
