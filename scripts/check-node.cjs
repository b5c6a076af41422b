// Runs at `npm install`: the project brings its own Node.js 24 (the `node` devDependency), but npm itself
// must run on Node.js 20 or newer to install it. An older Node gets one line saying what to install.
'use strict';
const agent = process.env.npm_config_user_agent || '';
const match = /\bnode\/v((\d+)[\d.]*)/.exec(agent);
const version = match ? match[1] : process.versions.node;
const major = Number(version.split('.')[0]);
if (major < 20) {
  console.error(
    'RR Companion needs Node.js 20 or newer (with npm 10 or newer) to install; this machine runs Node.js ' +
      version +
      '. Install Node.js 22 or 24 LTS from https://nodejs.org/ and run npm install again (the project brings Node.js 24 itself).',
  );
  process.exit(1);
}
