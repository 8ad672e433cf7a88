# The two commands of the README. Both install what is missing, build what changed, then run.
SHELL := /bin/bash
export npm_config_update_notifier := false

STAMP_NPM := node_modules/.portcullis-installed
STAMP_LIBS := build/.libs
SOURCES = $(shell find packages/shared/src packages/design/src packages/console-kit/src packages/gateway/src -type f 2>/dev/null)
WEB_SOURCES = $(shell find packages/web/src packages/web/index.html packages/web/vite.config.ts -type f 2>/dev/null)
APP_SOURCES = $(shell find packages/teleterm-like-app/src packages/teleterm-like-app/index.html packages/teleterm-like-app/vite.config.ts -type f 2>/dev/null)

.PHONY: start test install system-deps build clean

start: build
	node packages/gateway/dist/cli.js start --data-dir data --listen 127.0.0.1:3080 --enroll-self

test: build
	node scripts/test.mjs

install: system-deps $(STAMP_NPM)

system-deps:
	@bash scripts/system-deps.sh

# npm ci rejects the lockfile npm 11 writes on this platform (it records only this platform's optional
# binaries), so the committed lockfile is installed with npm install, which honours it.
$(STAMP_NPM): package.json package-lock.json $(wildcard packages/*/package.json)
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

build: install $(STAMP_LIBS) packages/web/dist/index.html packages/teleterm-like-app/dist/index.html

$(STAMP_LIBS): $(SOURCES) rollup.config.mjs $(STAMP_NPM)
	npx rollup -c rollup.config.mjs --silent
	node scripts/pack-agent.mjs
	@mkdir -p build && touch $@

packages/web/dist/index.html: $(WEB_SOURCES) $(STAMP_LIBS)
	npm run build -w @portcullis/web --silent

# The workspace app's UI, which `portcullis connect` serves.
packages/teleterm-like-app/dist/index.html: $(APP_SOURCES) $(STAMP_LIBS)
	npm run build -w @portcullis/teleterm-like-app --silent

clean:
	rm -rf build packages/*/dist
