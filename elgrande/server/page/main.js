/* The page of `elgrande serve`: one seat's (or a spectator's, or the host's) view of a
   game, with the controls of the seat's pending decision built from the server's
   description of it. No build step, no network beyond this game's own API. The modules,
   one job each:
   core.js       the game, the token, the page's state, the API call, small helpers;
   live.js       loading the state, showing it, the WebSocket and the polling;
   host.js       the header and the host's page (seats, their links);
   controls.js   the decision's controls (forms pick, subset, counts, moves);
   selection.js  the answer in the making, sending it, a refusal;
   board.js      the board's places as controls, the selection drawn on the map;
   tips.js       the strip where a disabled option's reason (a card's text) shows;
   chart.js      the scores chart;
   panels.js     the cards on offer, the log, the end of the game;
   since.js      what happened since the seat's last answer (above its decision);
   secret.js     a secret choice held until "Send". */
import {listenRefusal} from "./selection.js";
import {listenTips} from "./tips.js";
import {listenBoard} from "./board.js";
import {start} from "./live.js";
import {listenNotice} from "./core.js";
import {listenOffer} from "./panels.js";

listenRefusal();
listenTips();
listenBoard();
listenNotice();
listenOffer();
start();
